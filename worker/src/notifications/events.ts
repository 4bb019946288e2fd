import type { Kysely, Transaction } from 'kysely';
import type { Database, MatchStatus, NotificationKindColumn, Role } from '../db/schema.ts';
import { recordOutbox } from '../outbox.ts';

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
