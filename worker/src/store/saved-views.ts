import { isUuid, SAVED_VIEWS_MAX } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/**
 * A coach's or an agent's saved list views: a name and a canonical list query (the route checks
 * it with domain/src/saved-views.ts). Read and written by their owner only: every function takes
 * the owner from the session.
 */

export interface SavedViewRow {
  id: string;
  name: string;
  query: string;
  created_at: Date;
}

const COLUMNS = ['id', 'name', 'query', 'created_at'] as const;

/** The owner's views, by name (as the menu lists them). */
export async function savedViewsOf(db: Db, ownerId: string): Promise<SavedViewRow[]> {
  return db
    .selectFrom('saved_views')
    .select(COLUMNS)
    .where('user_id', '=', ownerId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/**
 * Saves a view under its name: a view of the same name (whatever its case) takes the new query and
 * name; otherwise a new one, unless the owner already has SAVED_VIEWS_MAX. The owner's row is
 * locked for the count, so two saves at once cannot pass the limit.
 */
export async function saveView(
  db: Kysely<Database>,
  ownerId: string,
  view: { name: string; query: string },
): Promise<StoreResult<{ view: SavedViewRow; replaced: boolean }, 'too-many'>> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirstOrThrow();
    const replaced = await trx
      .updateTable('saved_views')
      .set({ name: view.name, query: view.query })
      .where('user_id', '=', ownerId)
      .where(sql<boolean>`lower(name) = lower(${view.name})`)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (replaced) return found({ view: replaced, replaced: true });
    const { count } = await trx
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= SAVED_VIEWS_MAX) return refusedWith('too-many');
    const created = await trx
      .insertInto('saved_views')
      .values({ user_id: ownerId, name: view.name, query: view.query })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return found({ view: created, replaced: false });
  });
}

/**
 * Renames one of the owner's views, its settings unchanged: 'not-found' for any other id,
 * 'name-taken' when another of their views has the name (whatever its case). The owner's row is
 * locked as saveView locks it, so a save or rename at the same time cannot take the name between
 * the check and the change.
 */
export async function renameView(
  db: Kysely<Database>,
  ownerId: string,
  id: string,
  name: string,
): Promise<StoreResult<SavedViewRow, 'not-found' | 'name-taken'>> {
  if (!isUuid(id)) return refusedWith('not-found');
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirstOrThrow();
    const own = await trx.selectFrom('saved_views').select('id').where('id', '=', id).where('user_id', '=', ownerId).executeTakeFirst();
    if (!own) return refusedWith('not-found');
    const taken = await trx
      .selectFrom('saved_views')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('id', '<>', id)
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .executeTakeFirst();
    if (taken) return refusedWith('name-taken');
    return found(await trx.updateTable('saved_views').set({ name }).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow());
  });
}

/** Deletes one of the owner's views; 'not-found' for any other id (another user's included). */
export async function deleteView(db: Db, ownerId: string, id: string): Promise<StoreResult<null>> {
  if (!isUuid(id)) return refusedWith('not-found');
  const deleted = await db.deleteFrom('saved_views').where('id', '=', id).where('user_id', '=', ownerId).returning('id').executeTakeFirst();
  return deleted ? found(null) : refusedWith('not-found');
}
