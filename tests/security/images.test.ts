import { crc32, deflateSync } from 'node:zlib';
import { MESSAGES } from '@app/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reencodeLegacyImages } from '../../api/src/lib/images.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Decision P3: every upload is decoded and re-encoded (EXIF orientation applied, all metadata
 * dropped, a 512 px WebP and a 96 px thumbnail); what does not decode, and pixel bombs, are refused.
 */

/** A photo as a phone takes it: JPEG, sideways (EXIF orientation 6), with GPS and an owner. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'SECRET-OWNER-NAME', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 3230/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 4366/100', GPSMapDatum: 'SECRET-GPS-DATUM' },
    })
    .toBuffer();
}

/** A PNG whose header claims `width` x `height` over a few bytes of data (a pixel bomb). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploaded images', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await createSignedInUser(t.services, 'athlete')).cookie;
  });
  afterAll(() => t?.close());

  const upload = (bytes: Buffer, mime = 'image/jpeg') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/athlete/profile',
      headers: { cookie },
      payload: { fullName: 'Photo Test', profilePhotoBase64: bytes.toString('base64'), profilePhotoMime: mime },
    });
  const countImages = async () => (await t.services.db.selectFrom('images').select('id').execute()).length;

  it('stores a phone JPEG upright, at most 512 px, as WebP without EXIF or GPS; the thumbnail too', async () => {
    const original = await phonePhoto(1200, 800);
    // The test's own precondition: the upload does carry GPS and an orientation.
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ format: 'jpeg', width: 1200, height: 800, orientation: 6 });
    expect(original.includes('SECRET-GPS-DATUM')).toBe(true);
    expect(original.includes('SECRET-OWNER-NAME')).toBe(true);

    const res = await upload(original);
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().profilePhotoUrl as string).replace('media/', '');
    const stored = await t.services.db.selectFrom('images').select(['mime', 'bytes', 'thumbnail', 'size']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.mime).toBe('image/webp');
    expect(stored.size).toBe(stored.bytes.length);

    for (const bytes of [stored.bytes, stored.thumbnail!]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const secret of ['SECRET-GPS-DATUM', 'SECRET-OWNER-NAME', 'PhoneMaker', 'Exif']) expect(bytes.includes(secret), secret).toBe(false);
    }
    // Orientation 6 applied: the 1200 x 800 sensor image stands upright, fit inside 512 px.
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ width: 341, height: 512 });
    expect(await sharp(stored.thumbnail!).metadata()).toMatchObject({ width: 96, height: 96 });

    // What is served is what was stored.
    const served = await t.app.inject({ method: 'GET', url: `/api/media/${id}` });
    expect(served.rawPayload.equals(stored.bytes)).toBe(true);
    const servedThumbnail = await t.app.inject({ method: 'GET', url: `/api/media/${id}/thumb` });
    expect(servedThumbnail.rawPayload.equals(stored.thumbnail!)).toBe(true);
  });

  it('refuses what does not decode with 400 "Unable to read image" and stores nothing', async () => {
    const before = await countImages();
    const photo = await phonePhoto(300, 200);
    const cases: Array<[string, Buffer, string]> = [
      ['text', Buffer.from('just some text, not a picture'), 'image/png'],
      ['a JPEG cut in half', photo.subarray(0, Math.floor(photo.length / 2)), 'image/jpeg'],
      ['JPEG magic bytes then garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), 'image/jpeg'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/png'],
      ['a GIF', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'), 'image/png'],
    ];
    for (const [label, bytes, mime] of cases) {
      const res = await upload(bytes, mime);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toBe(MESSAGES.unreadableImage);
    }
    expect(await countImages()).toBe(before);
  });

  it('refuses a pixel bomb (huge dimensions in a small file) from its header, with 400', async () => {
    const before = await countImages();
    for (const [width, height] of [
      [100_000, 100_000],
      [60_000, 1_000],
    ]) {
      const bomb = pngClaiming(width, height);
      expect(bomb.length).toBeLessThan(10_000);
      const res = await upload(bomb, 'image/png');
      expect(res.statusCode, `${width}x${height}`).toBe(400);
      expect(res.json().message).toBe(MESSAGES.imageTooManyPixels);
    }
    expect(await countImages()).toBe(before);
  });

  it('an image stored before thumbnails existed serves its main image at /thumb', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const row = await t.services.db
      .insertInto('images')
      .values({ mime: 'image/png', bytes: png, size: png.length, owner_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/media/${row.id}/thumb` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/media/00000000-0000-4000-8000-000000000000/thumb' })).statusCode).toBe(404);
  });

  it('re-encodes images stored before, in place (same id), and leaves one that does not decode', async () => {
    await t.services.db.deleteFrom('images').where('thumbnail', 'is', null).execute();
    const legacyPhoto = await phonePhoto(600, 400);
    const junk = Buffer.from('89504e470d0a1a0a', 'hex');
    const [photoRow, junkRow] = await t.services.db
      .insertInto('images')
      .values([
        { mime: 'image/jpeg', bytes: legacyPhoto, size: legacyPhoto.length, owner_id: null },
        { mime: 'image/png', bytes: junk, size: junk.length, owner_id: null },
      ])
      .returning('id')
      .execute();
    const warnings: string[] = [];
    expect(await reencodeLegacyImages(t.services.db, { warn: (line) => warnings.push(line) })).toBe(1);
    expect(warnings).toEqual([expect.stringContaining(junkRow.id)]);

    const photo = await t.services.db.selectFrom('images').select(['mime', 'bytes', 'thumbnail']).where('id', '=', photoRow.id).executeTakeFirstOrThrow();
    expect(photo.mime).toBe('image/webp');
    expect(photo.bytes.includes('SECRET-GPS-DATUM')).toBe(false);
    expect((await sharp(photo.bytes).metadata()).exif).toBeUndefined();
    expect(await sharp(photo.thumbnail!).metadata()).toMatchObject({ width: 96, height: 96 });
    const left = await t.services.db.selectFrom('images').select(['mime', 'bytes']).where('id', '=', junkRow.id).executeTakeFirstOrThrow();
    expect(left).toEqual({ mime: 'image/png', bytes: junk });
    // Nothing left to do (the junk row is reported again, never changed).
    expect(await reencodeLegacyImages(t.services.db, { warn: () => {} })).toBe(0);
  });
});
