import { IMAGE_MAX_BYTES, MESSAGES } from '@app/domain';
import type { Database } from '@app/worker';
import type { Kysely, Transaction } from 'kysely';
import { badRequest } from './http-errors.ts';
import { isUuid } from './ids.ts';

/**
 * The one home for uploaded images (decision P3): profile photos, university logos, agent photos.
 * Images arrive as base64 with a declared mime; the bytes decide what they are (JPEG, PNG or
 * WebP by their magic numbers), never the declared type. Stored in the `images` table and served
 * by GET /api/media/{id}; profiles keep the relative path `media/<id>` (spec section 7: relative
 * image paths resolve against the API base).
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** An upload that passed the checks: its bytes and its real type. */
export interface ImageUpload {
  bytes: Buffer;
  mime: ImageMime;
}

export const MEDIA_PREFIX = 'media/';

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

/**
 * Checks an uploaded image (base64) without storing it: at most 5 MB, and JPEG, PNG or WebP by
 * content. Throws 400 'Image must be 5MB or less' / 'Unable to read image'.
 */
export function readImageUpload(base64: string): ImageUpload {
  const bytes = decodeBase64(base64);
  if (!bytes || bytes.length === 0) throw badRequest(MESSAGES.unreadableImage);
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(MESSAGES.imageTooLarge);
  const mime = detectImageMime(bytes);
  if (!mime) throw badRequest(MESSAGES.unreadableImage);
  return { bytes, mime };
}

/** A base64 upload as the API receives it; `mime` is what the client declared (the bytes decide). */
export interface Base64Image {
  base64: string;
  mime?: string;
  ownerId: string | null;
}

/**
 * Stores an image inside the caller's transaction and returns the path profiles keep
 * (`media/<id>`). Takes either the raw upload (`{ base64, mime, ownerId }`, checked here) or an
 * upload already checked with `readImageUpload` plus its owner.
 */
export async function storeImage(trx: Transaction<Database> | Kysely<Database>, image: Base64Image): Promise<string>;
export async function storeImage(trx: Transaction<Database> | Kysely<Database>, image: ImageUpload, ownerId: string | null): Promise<string>;
export async function storeImage(trx: Transaction<Database> | Kysely<Database>, image: Base64Image | ImageUpload, ownerId?: string | null): Promise<string> {
  const upload = 'base64' in image ? readImageUpload(image.base64) : image;
  const owner = 'base64' in image ? image.ownerId : (ownerId ?? null);
  const row = await trx
    .insertInto('images')
    .values({ owner_id: owner, mime: upload.mime, bytes: upload.bytes, size: upload.bytes.length })
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
