// Matches (spec sections 3, 4, 7; decisions M1-M4).
import { z } from 'zod';
import { MATCH_STATUSES, MATCH_VIEWS, type MatchStatus } from './reference.ts';
import { MESSAGES } from './messages.ts';

/** Ids are Postgres uuids: any 8-4-4-4-12 hex string (not only RFC version 4). */
const idField = () => z.guid({ error: 'Invalid id' });

/** POST /coach/matches. */
export const matchCreateSchema = z.strictObject({ athleteId: idField(), requestId: idField() });
export type MatchCreate = z.infer<typeof matchCreateSchema>;

/** PATCH /coach/matches/{id}: the status only. */
export const matchUpdateSchema = z.strictObject({ status: z.enum(MATCH_STATUSES, { error: MESSAGES.selectFromList }) });
export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

/** ?view= of a request's ranked list (decision S13). */
export const matchViewSchema = z.enum(MATCH_VIEWS, { error: MESSAGES.selectFromList }).default('top15');

// ---------------------------------------------------------------------------------------------
// The match state machine (spec section 4; decisions M1-M8), shared by the API and its tests.

/** Who set a match's current status: the coach, the athlete, or the athlete's auto-accept preference (M3). */
export type MatchStatusSetter = 'coach' | 'athlete' | 'system';
export type MatchMover = 'coach' | 'athlete';

/**
 * A match as the state machine sees it. `status` null: the player is in the coach's pool and was
 * never shared (a private decline the coach restored, M7); a missing match reads the same.
 */
export interface MatchPosition {
  status: MatchStatus | null;
  setBy: MatchStatusSetter | null;
}

export const MATCH_MESSAGES = {
  alreadyMatched: 'This player is already matched for this request.',
  alreadyHidden: 'This player is already hidden from this request.',
  alreadyPending: 'This match is already waiting for the player’s response.',
  restoreFirst: 'Restore this player to your pool before sharing a match.',
  noBackToPending: 'A confirmed match cannot go back to pending. Decline it instead.',
  notShared: 'This player has not been shared yet.',
  alreadyResponded: 'You have already responded to this match.',
  athleteDeclined: 'This athlete declined this match.',
  athleteAccepted: 'This athlete accepted this match.',
} as const;

type StatusKey = MatchStatus | 'none';
const key = (status: MatchStatus | null): StatusKey => status ?? 'none';

/**
 * Allowed moves. Coach: share (none -> pending; the athlete's auto-accept then accepts it, M3),
 * decline without sharing (none -> declined, private), confirm (pending -> accepted, M1), hide
 * (pending or accepted -> declined), restore (declined -> pending, which puts the player back
 * where they were before the decline, see restoredStatus). Athlete (M2): answer a pending match.
 */
const MOVES: Record<MatchMover, Record<StatusKey, readonly MatchStatus[]>> = {
  coach: { none: ['pending', 'declined'], pending: ['accepted', 'declined'], accepted: ['declined'], declined: ['pending'] },
  athlete: { none: [], pending: ['accepted', 'declined'], accepted: [], declined: [] },
};

/** Whether the current status is the athlete's own answer (M6): set by them, or by their auto-accept preference. */
export function athleteAnswered(match: MatchPosition): boolean {
  return (match.status === 'accepted' || match.status === 'declined') && (match.setBy === 'athlete' || match.setBy === 'system');
}

/** The 409 message for a coach move over the athlete's answer. */
export function athleteAnswerMessage(status: MatchStatus | null): string {
  return status === 'declined' ? MATCH_MESSAGES.athleteDeclined : MATCH_MESSAGES.athleteAccepted;
}

/** Why `mover` may not move a match from where it is to `to`, or null when the move is allowed. */
export function refusedMove(mover: MatchMover, from: MatchPosition, to: MatchStatus): string | null {
  if (mover === 'coach' && athleteAnswered(from)) return athleteAnswerMessage(from.status);
  if (MOVES[mover][key(from.status)].includes(to)) return null;
  if (mover === 'athlete') return MATCH_MESSAGES.alreadyResponded;
  if (from.status === null) return MATCH_MESSAGES.notShared;
  if (from.status === to)
    return to === 'accepted' ? MATCH_MESSAGES.alreadyMatched : to === 'declined' ? MATCH_MESSAGES.alreadyHidden : MATCH_MESSAGES.alreadyPending;
  return from.status === 'declined' ? MATCH_MESSAGES.restoreFirst : MATCH_MESSAGES.noBackToPending;
}

/**
 * What ⚡️ asks for (M1): no match (or a player back in the pool) -> share (pending); a match ->
 * confirm (accepted), which refusedMove allows only from pending.
 */
export function coachMatchTarget(status: MatchStatus | null): MatchStatus {
  return status === null ? 'pending' : 'accepted';
}
