import { isUuid } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from './result.ts';

/**
 * Stored images (decision P3): profile photos, university logos, agent photos. The API checks and
 * re-encodes an upload (api/src/lib/images.ts, sharp) before any transaction; here it is stored
 * and served. Profiles keep the relative path `media/<id>`.
 */

/** An upload that passed the API's checks, re-encoded: the main image and its thumbnail (WebP). */
export interface ImageUpload {
  bytes: Buffer;
  thumbnail: Buffer;
  mime: 'image/webp';
}

export const MEDIA_PREFIX = 'media/';

/** Stores an upload inside the caller's transaction and returns the path profiles keep (`media/<id>`). */
export async function storeImage(db: Db, upload: ImageUpload, ownerId: string | null): Promise<string> {
  const row = await db
    .insertInto('images')
    .values({ owner_id: ownerId, mime: upload.mime, bytes: upload.bytes, thumbnail: upload.thumbnail, size: upload.bytes.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `${MEDIA_PREFIX}${row.id}`;
}

/** The image id of a stored path (`media/<id>`, with or without a leading slash or /api), or null. */
export function imageIdOf(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const match = /^(?:\/?api\/)?\/?media\/([^/?#]+)$/.exec(path.trim());
  return match && isUuid(match[1]) ? match[1] : null;
}

/**
 * Deletes an image a profile no longer points at, only when `ownerId` owns it (so a path copied
 * from another profile never deletes someone else's image).
 */
export async function deleteReplacedImage(db: Db, previousPath: unknown, ownerId: string): Promise<void> {
  const id = imageIdOf(previousPath);
  if (id) await db.deleteFrom('images').where('id', '=', id).where('owner_id', '=', ownerId).execute();
}

/** An image to serve (its thumbnail, or the main image where it has none), or undefined. */
export async function findImage(db: Db, id: string, thumbnail: boolean): Promise<{ mime: string; bytes: Buffer } | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('images')
    .select(['mime', thumbnail ? sql<Buffer>`coalesce(thumbnail, bytes)`.as('bytes') : 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Re-encodes the images stored before uploads were re-encoded (no thumbnail yet), in place: the
 * same id and path. Several processes share the work (SKIP LOCKED). An image `reencode` cannot
 * read (null) is left as it was and reported. Returns how many were re-encoded.
 */
export async function reencodeLegacyImages(
  db: Kysely<Database>,
  reencode: (bytes: Buffer) => Promise<ImageUpload | null>,
  log: { warn(message: string): void },
): Promise<number> {
  let done = 0;
  const failed: string[] = [];
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('images')
        .select(['id', 'bytes'])
        .where('thumbnail', 'is', null)
        .$if(failed.length > 0, (q) => q.where('id', 'not in', failed))
        .limit(10)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        const upload = await reencode(row.bytes);
        if (!upload) {
          failed.push(row.id);
          log.warn(`[images] image ${row.id} stored before re-encoding does not decode; left as it was`);
          continue;
        }
        await trx
          .updateTable('images')
          .set({ mime: upload.mime, bytes: upload.bytes, thumbnail: upload.thumbnail, size: upload.bytes.length })
          .where('id', '=', row.id)
          .execute();
        done++;
      }
      return rows.length;
    });
    if (batch === 0) return done;
  }
}
