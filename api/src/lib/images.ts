import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, MESSAGES } from '@app/domain';
import type { Database } from '@app/worker';
import { reencodeLegacyImages as reencodeStoredImages, type ImageUpload } from '@app/worker/store';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from './http-errors.ts';

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

export type { ImageUpload };
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
 * Re-encodes the images stored before uploads were re-encoded (no thumbnail yet), in place (the
 * store's loop, with this module's checks). Run in the background at API start.
 */
export function reencodeLegacyImages(db: Kysely<Database>, log: { warn(message: string): void }): Promise<number> {
  return reencodeStoredImages(db, (bytes) => readImageUpload(bytes.toString('base64')).catch(() => null), log);
}
