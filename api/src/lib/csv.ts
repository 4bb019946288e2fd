import { toCsv, type CsvSeparator } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';

/** Where an export's links to the app's pages point: the configured public origin, else the origin called. */
export function linkOrigin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return new URL(configured).origin;
  return `${request.protocol}://${request.host}`;
}

/** A CSV download's 200 answer in a route schema (`what`: what the rows are). */
export const csvResponse = (what: string) => ({
  description: `${what} as CSV`,
  // Streamed in pages: the handler sends a stream, which the serializer never sees.
  content: { 'text/csv': { schema: z.custom<Readable | string>().meta({ type: 'string', description: 'CSV with a header row' }) } },
});

/**
 * Text made fit for a download's file name: ASCII letters and digits in lower case, words joined by
 * hyphens ("Centre Back / Delantero (Men's Team)" -> "centre-back-delantero-mens-team"), at most 60
 * characters.
 */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}

/**
 * Sends a CSV download of `header` and then the rows `pages` yields, page by page as they are read
 * (only the first chunk carries toCsv's byte order mark), named `<name>-<date>.csv`, its cells
 * separated by `separator`.
 */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  header: readonly string[],
  pages: AsyncIterable<ReadonlyArray<ReadonlyArray<string | number | null | undefined>>>,
  separator: CsvSeparator = ',',
) {
  async function* chunks() {
    yield toCsv([header], separator);
    for await (const rows of pages) if (rows.length > 0) yield toCsv(rows, separator).slice(1);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks()));
}
