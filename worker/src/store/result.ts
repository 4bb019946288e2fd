import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What a store function answers when the caller may have to refuse: the value, or why not.
 * Routes turn the reasons into HTTP answers (not-found -> 404, refused -> 409, ...); the store
 * never knows about HTTP.
 */
export type StoreResult<T, Reason extends string = 'not-found'> = { ok: true; value: T } | { ok: false; reason: Reason };

export const found = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const refusedWith = <Reason extends string>(reason: Reason): { ok: false; reason: Reason } => ({ ok: false, reason });

/** The database handle store functions take first: the pool, or the caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
