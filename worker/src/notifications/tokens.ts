import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NotificationKindColumn } from '../db/schema.ts';

const KINDS: readonly NotificationKindColumn[] = ['match_shared', 'match_answered', 'match_confirmed', 'message', 'top15'];

/** The signing key lives in the database (migration notifications), shared by every process. */
const keys = new WeakMap<object, Promise<string>>();
function signingKey(db: Kysely<Database>): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'unsubscribe')
      .executeTakeFirstOrThrow()
      .then((r) => r.value);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A token that turns off one email kind for one user, signed out ("<userId>.<kind>.<mac>"). */
export async function unsubscribeToken(db: Kysely<Database>, userId: string, kind: NotificationKindColumn): Promise<string> {
  const payload = `${userId}.${kind}`;
  return `${payload}.${sign(await signingKey(db), payload)}`;
}

/** The user and kind a token names, or null when it is malformed or not signed by us. */
export async function verifyUnsubscribeToken(db: Kysely<Database>, token: string): Promise<{ userId: string; kind: NotificationKindColumn } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, kind, mac] = parts;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId) || !KINDS.includes(kind as NotificationKindColumn)) return null;
  const expected = Buffer.from(sign(await signingKey(db), `${userId}.${kind}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKindColumn };
}
