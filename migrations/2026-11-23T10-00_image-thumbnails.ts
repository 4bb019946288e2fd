import type { Kysely } from 'kysely';

/**
 * Uploaded images are re-encoded (decision P3, api/src/lib/images.ts): `bytes` holds the 512 px
 * WebP and `thumbnail` the 96 px one served at media/<id>/thumb. Images stored before have none
 * (their thumbnail URL serves the main image).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').addColumn('thumbnail', 'bytea').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('thumbnail').execute();
}
