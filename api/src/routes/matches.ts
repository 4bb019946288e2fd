import { athleteAnswered, matchCreateSchema, matchUpdateSchema, type MatchMover, type MatchStatus } from '@app/domain';
import {
  athleteMatches,
  changeMatchStatus,
  coachMatch,
  coachMatches,
  declinePair,
  matchById,
  shareOrConfirm,
  type MatchRefusal,
  type MatchRow,
} from '@app/worker/store/matches';
import type { StoreResult } from '@app/worker/store/result';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { ATHLETE_NOT_FOUND, REQUEST_NOT_FOUND } from './coach.ts';
import { athleteMatchListSchema, athleteMatchSchema, coachMatchListSchema, coachMatchSchema, errorResponses } from '@app/domain';

export const MATCH_NOT_FOUND = 'Match not found';

// The state machine (allowed moves, their messages) lives in domain/src/match.ts (decisions M1-M8);
// the status changes that apply it, in worker/src/store/matches.ts.

const NOT_FOUND: Partial<Record<MatchRefusal, string>> = {
  'match-not-found': MATCH_NOT_FOUND,
  'request-not-found': REQUEST_NOT_FOUND,
  'athlete-not-found': ATHLETE_NOT_FOUND,
};

/** A match change's value, or its refusal as HTTP: 404 for what was not found, 409 with the state machine's message. */
function valueOf<T>(result: StoreResult<T, MatchRefusal>): T {
  if (result.ok) return result.value;
  const missing = NOT_FOUND[result.reason];
  throw missing ? notFound(missing) : conflict(result.reason);
}

const textList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const iso = (d: Date | string) => new Date(d).toISOString();

function matchBase(row: MatchRow) {
  return {
    id: row.id,
    status: row.status,
    autoResolved: row.auto_resolved,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    sharedAt: row.shared_at ? iso(row.shared_at) : null,
  };
}

export function athleteSummary(row: MatchRow) {
  return {
    id: row.athlete_id,
    fullName: row.full_name,
    primaryPosition: row.primary_position,
    nationality: row.nationality,
    gpa: row.gpa,
    profilePhotoUrl: row.athlete_photo,
  };
}

export function coachSummary(row: MatchRow) {
  return { firstName: row.coach_first_name, lastName: row.coach_last_name, programName: row.program_name, division: row.division, schoolSize: row.school_size };
}

/** A match as the coach reads it (spec section 3, "Match", coach side). */
export function coachMatchView(row: MatchRow) {
  return {
    ...matchBase(row),
    /** The athlete accepted or declined (M6): the coach's moves are closed. */
    athleteAnswered: athleteAnswered({ status: row.status, setBy: row.status_by }),
    requestId: row.request_id,
    athleteId: row.athlete_id,
    athlete: athleteSummary(row),
    coachRequest: { positions: textList(row.positions), teamCategories: textList(row.team_categories), notes: row.notes ?? '' },
  };
}

/**
 * A match as the athlete reads it: the program and what the coach is looking for. The coach's
 * notes are the coach's working context and stay private.
 */
export function athleteMatchView(row: MatchRow) {
  return {
    ...matchBase(row),
    // The athlete reads only matches shared with them, which always have a status (M8).
    status: row.status!,
    coach: { ...coachSummary(row), programRegion: row.program_region, universityLogoUrl: row.university_logo_url },
    coachRequest: { positions: textList(row.positions), teamCategories: textList(row.team_categories), targetStartTerms: textList(row.target_start_terms) },
  };
}

const matchIdParams = z.object({ id: z.string() });
const athleteUpdateSchema = z.strictObject({ status: z.enum(['accepted', 'declined'], { error: 'Choose accept or decline' }) });

/**
 * Coach and athlete match routes. A coach reaches only matches they own, an athlete only matches
 * shared with them; anything else is 404 (decision A6).
 */
export async function matchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const coachOnly = requireRole('coach');
  const athleteOnly = requireRole('athlete');

  async function coachMatchAnswer(coachId: string, matchId: string) {
    const row = await coachMatch(app.services.db, coachId, matchId);
    if (!row) throw notFound(MATCH_NOT_FOUND);
    return coachMatchView(row);
  }

  /** Moves match `id` to `status` as `actor` (404 for an id that is not a match, the store's refusals as they are). */
  async function answerMatch(id: string, status: MatchStatus, actor: { role: MatchMover; id: string }) {
    if (!isUuid(id)) throw notFound(MATCH_NOT_FOUND);
    valueOf(await changeMatchStatus(app.services.db, id, status, actor));
    app.services.outbox.kick(); // the change's notification event, relayed now (not at the next poll)
  }

  /** A coach's move on a (request, athlete) pair: 201 with the match it created, 200 with the one it changed. */
  function pairMoveRoute(url: string, move: typeof shareOrConfirm | typeof declinePair) {
    app.post(
      url,
      { onRequest: coachOnly, schema: { body: matchCreateSchema, response: { 200: coachMatchSchema, 201: coachMatchSchema, ...errorResponses } } },
      async (request, reply) => {
        const user = currentUser(request);
        const { athleteId, requestId } = request.body;
        const result = valueOf(await move(app.services.db, user.id, requestId, athleteId));
        app.services.outbox.kick(); // the change's notification event, relayed now (not at the next poll)
        return reply.code(result.created ? 201 : 200).send(await coachMatchAnswer(user.id, result.id));
      },
    );
  }

  // ⚡️: share a player (pending; accepted at once for an athlete with auto-accept, M3), or
  // confirm a pending match (M1). Refused over the athlete's own answer (M6).
  pairMoveRoute('/coach/matches', shareOrConfirm);
  // 💣 on a player without a match (M4): declined in one transaction, never shared on the way.
  pairMoveRoute('/coach/matches/decline', declinePair);

  app.get('/coach/matches', { onRequest: coachOnly, schema: { response: { 200: coachMatchListSchema, ...errorResponses } } }, async (request) => {
    const rows = await coachMatches(app.services.db, currentUser(request).id);
    return rows.map(coachMatchView);
  });

  app.patch(
    '/coach/matches/:id',
    { onRequest: coachOnly, schema: { params: matchIdParams, body: matchUpdateSchema, response: { 200: coachMatchSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      await answerMatch(request.params.id, request.body.status, { role: 'coach', id: user.id });
      return coachMatchAnswer(user.id, request.params.id);
    },
  );

  // ------------------------------------------------------------------------------------------
  // The athlete's side (M2).

  app.get('/athlete/matches', { onRequest: athleteOnly, schema: { response: { 200: athleteMatchListSchema, ...errorResponses } } }, async (request) => {
    const rows = await athleteMatches(app.services.db, currentUser(request).id);
    return { matches: rows.map(athleteMatchView) };
  });

  app.patch(
    '/athlete/matches/:id',
    { onRequest: athleteOnly, schema: { params: matchIdParams, body: athleteUpdateSchema, response: { 200: athleteMatchSchema, ...errorResponses } } },
    async (request) => {
      const { id } = request.params;
      await answerMatch(id, request.body.status, { role: 'athlete', id: currentUser(request).id });
      const row = await matchById(app.services.db, id);
      if (!row) throw notFound(MATCH_NOT_FOUND);
      return athleteMatchView(row);
    },
  );
}
