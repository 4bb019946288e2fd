import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';

/**
 * What the API built for a request's list (a page of the ranked list, the facets), kept under the
 * list generation it was read with (worker/src/store/match-scores.ts, listGenerationSql): a later
 * read first asks Postgres for the request's current generation (with the session and the
 * counts, a few key lookups) and answers from here while it is the same; only when it moved does
 * it read the list again. The generation and the page come from one statement (one snapshot), so
 * a kept page is never newer or older than its generation. A coach reads the same lists over and
 * over (back and forth between a request's views and pages, every refetch on focus) while they
 * change a few times an hour; a kept `all` page costs about a third of reading it (bench README).
 *
 * Per process (each API process keeps its own, each checked against Postgres on every read, so
 * several processes never disagree), bounded by `maxSize` in units of the caller's `size` (the
 * pages' rows), least recently used out first. A request that asks for no cache
 * (`Cache-Control: no-cache`, a browser's hard reload) is read from Postgres.
 */
export class ListCache<Value extends object> {
  private readonly entries: LRUCache<string, { generation: string; value: Value }>;

  constructor(options: { maxSize: number; size: (value: Value) => number }) {
    this.entries = new LRUCache({ maxSize: options.maxSize, sizeCalculation: (entry) => Math.max(1, options.size(entry.value)) });
  }

  /** The value kept under `key` with its generation, whatever that is: the caller compares it with the list's current one. */
  get(key: string): { generation: string; value: Value } | undefined {
    return this.entries.get(key);
  }

  set(key: string, generation: string, value: Value): void {
    this.entries.set(key, { generation, value });
  }
}

/** Whether the request asks to bypass caches (`Cache-Control: no-cache` or `no-store`, or `Pragma: no-cache`). */
export function wantsFreshRead(request: FastifyRequest): boolean {
  const control = request.headers['cache-control'];
  if (control && /(?:^|,)\s*no-(?:cache|store)\b/i.test(control)) return true;
  return request.headers.pragma === 'no-cache';
}

/** A cache key's part for a query's filters: every set one, in a fixed order. */
export function filtersKey(filters: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(filters)
      .filter((k) => filters[k] !== undefined)
      .sort()
      .map((k) => [k, filters[k]]),
  );
}
