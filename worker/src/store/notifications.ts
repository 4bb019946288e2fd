import { NOTIFICATION_KINDS_BY_ROLE, type NotificationKind, type NotificationSettings } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MatchStatus, NotificationKindColumn, Role } from '../db/schema.ts';
import { recordOutbox } from './outbox.ts';
import type { Db } from './result.ts';

/**
 * Notifications (decisions N1-N3): the events that announce them (recorded with their outbox
 * row inside the change's transaction), the in-app list, read marks and email settings.
 */

export interface NotificationEventInput {
  kind: NotificationKindColumn;
  matchId?: string | null;
  requestId: string;
  athleteId: string;
  actorId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Records that something worth telling happened, with its outbox row, inside the caller's
 * transaction (N3): the notification goes out if and only if the change commits.
 */
export async function recordNotificationEvent(trx: Transaction<Database> | Kysely<Database>, event: NotificationEventInput): Promise<string> {
  const row = await trx
    .insertInto('notification_events')
    .values({
      kind: event.kind,
      match_id: event.matchId ?? null,
      request_id: event.requestId,
      athlete_id: event.athleteId,
      actor_id: event.actorId ?? null,
      data: JSON.stringify(event.data ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordOutbox(trx, 'notification', row.id);
  return row.id;
}

/**
 * The notification a match status change announces (N1), or null: a share (new or restored
 * pending, by the coach) -> match_shared; the coach's ⚡️ on a pending match -> match_confirmed;
 * the athlete's answer -> match_answered. The coach hiding a player and the auto-accept that
 * follows a share announce nothing (the share itself was announced).
 */
export function matchNotificationKind(from: MatchStatus | null, to: MatchStatus, actorRole: Role | 'system'): NotificationKindColumn | null {
  if (actorRole === 'coach' && to === 'pending') return 'match_shared';
  if (actorRole === 'coach' && from === 'pending' && to === 'accepted') return 'match_confirmed';
  if (actorRole === 'athlete' && from === 'pending' && (to === 'accepted' || to === 'declined')) return 'match_answered';
  return null;
}

/**
 * Records the notification event of a match status change, if it announces one (called by the
 * match routes beside the audit-trail row, in the same transaction). Every change, announced or
 * not, also reaches the live streams of the people concerned through the event.
 */
export async function recordMatchNotification(
  trx: Transaction<Database>,
  change: { matchId: string; from: MatchStatus | null; to: MatchStatus; actorRole: Role | 'system'; actorId: string | null },
): Promise<void> {
  const kind = matchNotificationKind(change.from, change.to, change.actorRole);
  if (!kind) return;
  const match = await trx.selectFrom('matches').select(['request_id', 'athlete_id', 'status']).where('id', '=', change.matchId).executeTakeFirstOrThrow();
  await recordNotificationEvent(trx, {
    kind,
    matchId: change.matchId,
    requestId: match.request_id,
    athleteId: match.athlete_id,
    actorId: change.actorId,
    // A share to an athlete with auto-accept is created accepted (M3): said so in the texts.
    data: { from: change.from, to: change.to, ...(kind === 'match_shared' && match.status === 'accepted' ? { autoAccepted: true } : {}) },
  });
}

/** A notification as the list, the live stream and the replay send it. */
export function notificationItem(row: {
  id: string;
  kind: NotificationKindColumn;
  title: string;
  body: string;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
}) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const r = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * A notification's title and body as `userId` reads them: in the account's language now (the
 * texts kept in every language), else as written for them when created.
 */
function shownTexts(userId: string) {
  const language = sql`(select u.language from users u where u.id = ${userId})`;
  return [
    sql<string>`coalesce(notifications.texts -> ${language} ->> 'title', notifications.title)`.as('title'),
    sql<string>`coalesce(notifications.texts -> ${language} ->> 'body', notifications.body)`.as('body'),
  ];
}

/** A page of the user's notifications, newest first (`before`: the id of the last one already shown), and the unread count. */
export async function listNotifications(db: Db, userId: string, page: { limit: number; before?: string }) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'link', 'created_at', 'read_at', ...shownTexts(userId)])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.limit);
  if (page.before) {
    query = query.where(
      sql<boolean>`(created_at, seq) < (select b.created_at, b.seq from notifications b where b.id = ${page.before} and b.user_id = ${userId})`,
    );
  }
  const [items, unread] = await Promise.all([query.execute(), unreadCount(db, userId)]);
  return { unread, items: items.map(notificationItem) };
}

/**
 * Marks the user's notifications read: all, those of `ids`, or the new-message ones of the thread
 * of the match `thread` (its reader has seen them); answers the unread count.
 */
export async function markNotificationsRead(db: Db, userId: string, which: { ids?: string[]; thread?: string } = {}): Promise<number> {
  if (which.thread) await markThreadRead(db, userId, which.thread);
  else await (which.ids ? markingRead(db, userId).where('id', 'in', which.ids) : markingRead(db, userId)).execute();
  return unreadCount(db, userId);
}

/** Marks the user's new-message notifications of the match's thread read (they opened it, or wrote in it). */
export async function markThreadRead(db: Db, userId: string, matchId: string): Promise<void> {
  await markingRead(db, userId)
    .where('kind', '=', 'message')
    .where(sql<boolean>`exists (select 1 from notification_events e where e.id = notifications.event_id and e.match_id = ${matchId})`)
    .execute();
}

/** The user's unread notifications marked read: an update each caller narrows. */
const markingRead = (db: Db, userId: string) =>
  db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);

/** The notifications created after `afterSeq` (a Last-Event-ID resume), oldest first, with their seq. */
export async function notificationsSince(db: Db, userId: string, afterSeq: string, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'seq', 'kind', 'link', 'created_at', 'read_at', ...shownTexts(userId)])
    .where('user_id', '=', userId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The user's email switch of each kind their role receives (a missing setting means on). */
export async function emailSettings(db: Db, userId: string, role: Role): Promise<NotificationSettings> {
  const rows = await db.selectFrom('notification_settings').select(['kind', 'email']).where('user_id', '=', userId).execute();
  const off = new Map(rows.map((r) => [r.kind, r.email]));
  const email: NotificationSettings['email'] = {};
  for (const kind of NOTIFICATION_KINDS_BY_ROLE[role]) email[kind] = off.get(kind) ?? true;
  return { email };
}

/** Sets the user's email switches of the given kinds (the caller checked they apply to the role). */
export async function saveEmailSettings(db: Db, userId: string, entries: Array<[NotificationKind, boolean]>): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('notification_settings')
    .values(entries.map(([kind, email]) => ({ user_id: userId, kind, email })))
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ email: (eb) => eb.ref('excluded.email'), updated_at: sql<Date>`now()` }))
    .execute();
}

/** Whether the user turned the email of this kind off. */
export async function emailTurnedOff(db: Db, userId: string, kind: NotificationKindColumn): Promise<boolean> {
  const setting = await db.selectFrom('notification_settings').select('email').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return setting?.email === false;
}
