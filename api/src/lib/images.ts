import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, MESSAGES } from '@app/domain';
import type { Database } from '@app/worker';
import type { Kysely, Transaction } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from './http-errors.ts';
import { isUuid } from './ids.ts';

/**
 * The one home for uploaded images (decision P3): profile photos, university logos, agent photos.
 * Images arrive as base64 with a declared mime; the bytes decide what they are (JPEG, PNG or
 * WebP by their magic numbers), never the declared type. Every upload is then decoded and
 * re-encoded: turned upright by its EXIF orientation, every metadata block dropped (EXIF and its
 * GPS position, XMP, ICC), stored as a WebP of at most 512 px and a 96 px square thumbnail.
 * Stored in the `images` table and served by GET /api/media/{id} (and /thumb); profiles keep
 * the relative path `media/<id>` (spec section 7: relative image paths resolve against the API
 * base), and the thumbnail's path is derived from it.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** An upload that passed the checks, re-encoded: the main image and its thumbnail (WebP). */
export interface ImageUpload {
  bytes: Buffer;
  thumbnail: Buffer;
  mime: 'image/webp';
}

export const MEDIA_PREFIX = 'media/';
export const IMAGE_MAX_SIDE = 512;
export const THUMBNAIL_SIDE = 96;

// Every upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

/** What the bytes are, by content: JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), WebP (RIFF....WEBP). */
export function detectImageMime(bytes: Uint8Array): ImageMime | null {
  const starts = (offset: number, signature: number[]) => bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (starts(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/** Decodes base64 (a data: URL prefix is allowed); null when it is not base64 at all. */
function decodeBase64(text: string): Buffer | null {
  const body = (text.startsWith('data:') ? text.slice(text.indexOf(',') + 1) : text).replace(/\s+/g, '');
  if (body === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

const SHARP_FORMAT: Record<ImageMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Checks and re-encodes an uploaded image (base64) without storing it: at most 5 MB, JPEG, PNG
 * or WebP by content, at most IMAGE_MAX_PIXELS (read from the header, before any decoding, so a
 * small file that would decode to gigabytes is refused cheaply), and it must decode completely.
 * Throws 400 'Image must be 5MB or less' / 'Unable to read image' / the pixel limit's message.
 */
export async function readImageUpload(base64: string): Promise<ImageUpload> {
  const bytes = decodeBase64(base64);
  if (!bytes || bytes.length === 0) throw badRequest(MESSAGES.unreadableImage);
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(MESSAGES.imageTooLarge);
  const mime = detectImageMime(bytes);
  if (!mime) throw badRequest(MESSAGES.unreadableImage);

  // failOn 'warning': a truncated or corrupt file is refused rather than half-decoded.
  const input = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning', pages: 1 });
  const refusal = (error: unknown) =>
    badRequest(error instanceof Error && /pixel limit/i.test(error.message) ? MESSAGES.imageTooManyPixels : MESSAGES.unreadableImage);
  let header: Metadata;
  try {
    header = await input().metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (header.format !== SHARP_FORMAT[mime] || !header.width || !header.height) throw badRequest(MESSAGES.unreadableImage);
  if (header.width * header.height > IMAGE_MAX_PIXELS) throw badRequest(MESSAGES.imageTooManyPixels);

  try {
    // rotate() with no angle applies the EXIF orientation; no withMetadata/keepMetadata, so
    // the output carries no EXIF, GPS, XMP or ICC block.
    const [main, thumbnail] = await Promise.all([
      input().rotate().resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      input().rotate().resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
    ]);
    return { bytes: main, thumbnail, mime: 'image/webp' };
  } catch (error) {
    throw refusal(error);
  }
}

/**
 * Stores an upload read with `readImageUpload` inside the caller's transaction (decode first,
 * outside it) and returns the path profiles keep (`media/<id>`).
 */
export async function storeImage(trx: Transaction<Database> | Kysely<Database>, upload: ImageUpload, ownerId: string | null): Promise<string> {
  const row = await trx
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
export async function deleteReplacedImage(trx: Transaction<Database> | Kysely<Database>, previousPath: unknown, ownerId: string): Promise<void> {
  const id = imageIdOf(previousPath);
  if (id) await trx.deleteFrom('images').where('id', '=', id).where('owner_id', '=', ownerId).execute();
}

/**
 * Re-encodes the images stored before uploads were re-encoded (no thumbnail yet), in place: the
 * same id and path, now without EXIF/GPS, 512 px WebP plus thumbnail. Run in the background at
 * API start; several processes share the work (SKIP LOCKED). An image that does not decode is
 * left as it was and reported. Returns how many were re-encoded.
 */
export async function reencodeLegacyImages(db: Kysely<Database>, log: { warn(message: string): void }): Promise<number> {
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
        const upload = await readImageUpload(row.bytes.toString('base64')).catch(() => null);
        if (!upload) {
          failed.push(row.id);
          log.warn(`[images] image ${row.id} stored before re-encoding does not decode; left as it was`);
          continue;
        }
        await trx.updateTable('images').set({ mime: upload.mime, bytes: upload.bytes, thumbnail: upload.thumbnail, size: upload.bytes.length }).where('id', '=', row.id).execute();
        done++;
      }
      return rows.length;
    });
    if (batch === 0) return done;
  }
}
