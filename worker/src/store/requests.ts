import { coachRequestSchema, isUuid, type CoachRequestInput } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import type { CoachRequest, Database } from '../db/schema.ts';
import { recordOutbox } from './outbox.ts';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/**
 * Coach requests (spec section 3, "Coach request"). Every write here changes what is scored: it
 * moves the request's version and records the outbox row in the same transaction (decision 005),
 * so the index job rescores it.
 */

/** The columns a request answers with. */
export type RequestRow = Pick<CoachRequest, 'id' | 'data' | 'urgent' | 'created_at'>;

/** A new request of the coach, recorded for scoring. */
export async function createRequest(db: Kysely<Database>, coachId: string, data: CoachRequestInput): Promise<RequestRow> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('coach_requests')
      .values({ coach_id: coachId, data: JSON.stringify(data), urgent: data.urgent })
      .returning(['id', 'data', 'urgent', 'version', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordOutbox(trx, 'request', inserted.id, inserted.version);
    return inserted;
  });
}

export type RequestEditRefusal = { ok: false; reason: 'not-found' } | { ok: false; reason: 'invalid'; issues: Array<{ path: PropertyKey[]; message: string }> };

/**
 * Edits a request of the coach: `changes` replace the stored fields (null clears an optional
 * one) and the merged request must pass the create schema (`invalid` carries its issues). A
 * change moves the version and records the outbox row; an edit that changes nothing writes
 * nothing (`changed: false`). Deleted requests and other coaches' are not found.
 */
export async function editRequest(
  db: Kysely<Database>,
  coachId: string,
  requestId: string,
  changes: Record<string, unknown>,
): Promise<{ ok: true; value: { row: RequestRow; changed: boolean } } | RequestEditRefusal> {
  if (!isUuid(requestId)) return refusedWith('not-found');
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('coach_requests')
      .select(['id', 'data', 'urgent', 'created_at'])
      .where('id', '=', requestId)
      .where('coach_id', '=', coachId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return refusedWith('not-found');
    const parsed = coachRequestSchema.safeParse({ ...current.data, ...changes });
    if (!parsed.success) return { ok: false, reason: 'invalid', issues: parsed.error.issues } as const;
    const data = JSON.stringify(parsed.data);
    const before = coachRequestSchema.safeParse(current.data);
    if (before.success && data === JSON.stringify(before.data)) return found({ row: current, changed: false });
    const row = await trx
      .updateTable('coach_requests')
      .set({ data, urgent: parsed.data.urgent, version: sql<string>`version + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', requestId)
      .returning(['id', 'data', 'urgent', 'version', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordOutbox(trx, 'request', requestId, row.version);
    return found({ row, changed: true });
  });
}

/** Soft delete: the row stays (matches refer to it), the version moves so the index drops it. */
export async function deleteRequest(db: Kysely<Database>, coachId: string, requestId: string): Promise<StoreResult<void>> {
  if (!isUuid(requestId)) return refusedWith('not-found');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('coach_requests')
      .set({ deleted_at: sql<Date>`now()`, version: sql<string>`version + 1` })
      .where('id', '=', requestId)
      .where('coach_id', '=', coachId)
      .where('deleted_at', 'is', null)
      .returning(['version'])
      .executeTakeFirst();
    if (!row) return refusedWith('not-found');
    await recordOutbox(trx, 'request', requestId, row.version);
    return found(undefined);
  });
}

/** The coach's live requests, newest first. */
export async function listRequests(db: Db, coachId: string): Promise<RequestRow[]> {
  return db
    .selectFrom('coach_requests')
    .select(['id', 'data', 'urgent', 'created_at'])
    .where('coach_id', '=', coachId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
