import { athleteAnswered, coachMatchTarget, MATCH_MESSAGES, matchCreateSchema, matchUpdateSchema, refusedMove, type MatchMover, type MatchStatus, type MatchStatusSetter } from '@app/domain';
import { recordMatchNotification, type Database, type Role } from '@app/worker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { athleteMatchListSchema, athleteMatchSchema, coachMatchListSchema, coachMatchSchema, errorResponses } from '@app/domain';

export const MATCH_NOT_FOUND = 'Match not found';
export const REQUEST_NOT_FOUND = 'Request not found';
export const ATHLETE_NOT_FOUND = 'Athlete not found';

// The state machine (allowed moves, their messages) lives in domain/src/match.ts (decisions M1-M8).

export interface MatchActor {
  role: Role | 'system';
  id: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A match row locked for a status change. */
interface LockedMatch {
  id: string;
  status: MatchStatus | null;
  status_by: MatchStatusSetter | null;
}

const lockedColumns = ['m.id', 'm.status', 'm.status_by'] as const;

/**
 * The one path of every status change (M5): sets a locked match's status, who set it, when it
 * was first shared (M8: a move to pending or accepted shares it), and records the change in the
 * audit trail, in the caller's transaction. `autoResolved` marks an accepted status the athlete's
 * auto-accept preference set; any later move clears it. The change's notification (N1/N3), if it
 * announces one, commits with it unless `notify` is false (the share path records it itself once
 * an auto-accept has followed). Returns the match as it now is.
 */
async function moveMatch(
  trx: Transaction<Database>,
  match: LockedMatch,
  to: MatchStatus | null,
  actor: MatchActor,
  { autoResolved = false, notify = true }: { autoResolved?: boolean; notify?: boolean } = {},
): Promise<LockedMatch> {
  const setBy: MatchStatusSetter = actor.role === 'system' ? 'system' : actor.role === 'athlete' ? 'athlete' : 'coach';
  const shares = to === 'pending' || to === 'accepted';
  await trx
    .updateTable('matches')
    .set({
      status: to,
      status_by: setBy,
      auto_resolved: autoResolved,
      shared_at: shares ? sql<Date>`coalesce(shared_at, now())` : sql<Date | null>`shared_at`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', match.id)
    .execute();
  await trx.insertInto('match_events').values({ match_id: match.id, from_status: match.status, to_status: to, actor_role: actor.role, actor_id: actor.id }).execute();
  if (notify && to !== null) await recordMatchNotification(trx, { matchId: match.id, from: match.status, to, actorRole: actor.role, actorId: actor.id });
  return { id: match.id, status: to, status_by: setBy };
}

/** Refuses (409) a move the state machine does not allow. */
function checkMove(mover: MatchMover, match: LockedMatch, to: MatchStatus) {
  const refused = refusedMove(mover, { status: match.status, setBy: match.status_by }, to);
  if (refused) throw conflict(refused);
}

/**
 * M7: restoring a coach's decline puts the player back where they were before it: the status the
 * decline moved from. Before a never-shared decline there was none, so the player goes back to
 * the pool (status null) and nothing is shown to the athlete or the agent.
 */
async function statusBeforeDecline(trx: Transaction<Database>, matchId: string): Promise<MatchStatus | null> {
  const decline = await trx
    .selectFrom('match_events')
    .select('from_status')
    .where('match_id', '=', matchId)
    .where('to_status', '=', 'declined')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return decline?.from_status === 'declined' ? null : (decline?.from_status ?? null);
}

/**
 * A coach's or athlete's status change on a match of their own (404 otherwise; an athlete only
 * reaches matches shared with them), checked against the allowed moves and recorded, under a
 * row lock so two changes cannot interleave. A coach's `pending` on a declined match is the
 * restore (M7).
 */
async function changeMatchStatus(db: Kysely<Database>, matchId: string, to: MatchStatus, actor: { role: MatchMover; id: string }) {
  await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('matches as m')
      .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
      .select(lockedColumns)
      .where('m.id', '=', matchId)
      .where('r.deleted_at', 'is', null);
    query = actor.role === 'coach' ? query.where('m.coach_id', '=', actor.id) : query.where('m.athlete_id', '=', actor.id).where(sharedWithAthlete);
    const match = await query.forUpdate('m').executeTakeFirst();
    if (!match) throw notFound(MATCH_NOT_FOUND);
    // A player back in the pool is shared or declined through ⚡️ / 💣 (the POST routes), which
    // apply the athlete's auto-accept; a status change needs a match.
    if (match.status === null) throw conflict(MATCH_MESSAGES.notShared);
    checkMove(actor.role, match, to);
    const restore = actor.role === 'coach' && match.status === 'declined' && to === 'pending';
    await moveMatch(trx, match, restore ? await statusBeforeDecline(trx, match.id) : to, actor);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading matches: one query shape for the three audiences, each picking its fields.

/** Matches joined with their athlete, request and coach; matches of deleted requests are gone. */
export function selectMatches(db: Db) {
  return db
    .selectFrom('matches as m')
    .innerJoin('athletes as a', 'a.id', 'm.athlete_id')
    .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
    .innerJoin('coaches as c', 'c.id', 'm.coach_id')
    .where('r.deleted_at', 'is', null)
    .select([
      'm.id',
      'm.status',
      'm.status_by',
      'm.shared_at',
      'm.auto_resolved',
      'm.created_at',
      'm.updated_at',
      'm.request_id',
      'm.athlete_id',
      'm.coach_id',
      'a.full_name',
      'a.primary_position',
      sql<string | null>`a.profile->>'nationality'`.as('nationality'),
      sql<number | null>`case when jsonb_typeof(a.profile->'gpa') = 'number' then (a.profile->>'gpa')::float8 end`.as('gpa'),
      sql<string | null>`a.profile->>'profilePhotoUrl'`.as('athlete_photo'),
      sql<unknown>`r.data->'positions'`.as('positions'),
      sql<unknown>`r.data->'teamCategories'`.as('team_categories'),
      sql<unknown>`r.data->'targetStartTerms'`.as('target_start_terms'),
      sql<string | null>`r.data->>'notes'`.as('notes'),
      'c.first_name as coach_first_name',
      'c.last_name as coach_last_name',
      'c.email as coach_email',
      sql<string | null>`c.profile->>'programName'`.as('program_name'),
      sql<string | null>`c.profile->>'division'`.as('division'),
      sql<string | null>`c.profile->>'schoolSize'`.as('school_size'),
      sql<string | null>`c.profile->>'programRegion'`.as('program_region'),
      sql<string | null>`c.profile->>'universityLogoUrl'`.as('university_logo_url'),
    ]);
}

export type MatchRow = Awaited<ReturnType<ReturnType<typeof selectMatches>['executeTakeFirstOrThrow']>>;

const textList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const iso = (d: Date | string) => new Date(d).toISOString();

function matchBase(row: MatchRow) {
  return { id: row.id, status: row.status, autoResolved: row.auto_resolved, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at), sharedAt: row.shared_at ? iso(row.shared_at) : null };
}

export function athleteSummary(row: MatchRow) {
  return { id: row.athlete_id, fullName: row.full_name, primaryPosition: row.primary_position, nationality: row.nationality, gpa: row.gpa, profilePhotoUrl: row.athlete_photo };
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
function athleteMatchView(row: MatchRow) {
  return {
    ...matchBase(row),
    // The athlete reads only matches shared with them, which always have a status (M8).
    status: row.status!,
    coach: { ...coachSummary(row), programRegion: row.program_region, universityLogoUrl: row.university_logo_url },
    coachRequest: { positions: textList(row.positions), teamCategories: textList(row.team_categories), targetStartTerms: textList(row.target_start_terms) },
  };
}

/**
 * Whether the athlete (and their agent) can see a match (M8): only once it was shared with them,
 * and then a declined one only when the athlete declined it. A player the coach hid (before or
 * after sharing) is not shown to the athlete: hiding is the coach's private triage.
 */
const sharedWithAthlete = sql<boolean>`(m.shared_at is not null and (m.status in ('pending', 'accepted') or (m.status = 'declined' and m.status_by = 'athlete')))`;

/** M8: agents see every match of their athletes from the moment it was shared, never a private decline or a player back in the pool. */
export const sharedMatch = sql<boolean>`(m.shared_at is not null and m.status is not null)`;

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

  async function coachMatch(db: Db, coachId: string, matchId: string) {
    const row = await selectMatches(db).where('m.id', '=', matchId).where('m.coach_id', '=', coachId).executeTakeFirst();
    if (!row) throw notFound(MATCH_NOT_FOUND);
    return coachMatchView(row);
  }

  /** The request must be the coach's own and live; the athlete a completed profile. */
  async function checkPair(trx: Transaction<Database>, coachId: string, requestId: string, athleteId: string) {
    const request = await trx
      .selectFrom('coach_requests')
      .select('id')
      .where('id', '=', requestId)
      .where('coach_id', '=', coachId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const athlete = await trx
      .selectFrom('athletes')
      .select(['id', 'auto_accept_matches'])
      .where('id', '=', athleteId)
      .where('profile_completed', '=', true)
      .executeTakeFirst();
    if (!athlete) throw notFound(ATHLETE_NOT_FOUND);
    return athlete;
  }

  /**
   * The coach's match with a player, locked: the existing row, or a new one in the pool (status
   * null, not shared) that the caller's move then sets. `created` says which (201 or 200).
   */
  async function lockOrCreatePair(trx: Transaction<Database>, coachId: string, requestId: string, athleteId: string) {
    const inserted = await trx
      .insertInto('matches')
      .values({ request_id: requestId, athlete_id: athleteId, coach_id: coachId, status: null, status_by: null })
      .onConflict((oc) => oc.columns(['request_id', 'athlete_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const match = await trx
      .selectFrom('matches as m')
      .select(lockedColumns)
      .where('m.request_id', '=', requestId)
      .where('m.athlete_id', '=', athleteId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return { match, created: inserted !== undefined || match.status === null };
  }

  // ⚡️: share a player (pending; accepted at once for an athlete with auto-accept, M3), or
  // confirm a pending match (M1). Refused over the athlete's own answer (M6).
  app.post('/coach/matches', { onRequest: coachOnly, schema: { body: matchCreateSchema, response: { 200: coachMatchSchema, 201: coachMatchSchema, ...errorResponses } } }, async (request, reply) => {
    const user = currentUser(request);
    const coach: MatchActor = { role: 'coach', id: user.id };
    const { athleteId, requestId } = request.body;
    const { db } = app.services;
    const result = await db.transaction().execute(async (trx) => {
      const athlete = await checkPair(trx, user.id, requestId, athleteId);
      const { match, created } = await lockOrCreatePair(trx, user.id, requestId, athleteId);
      const to = coachMatchTarget(match.status);
      checkMove('coach', match, to);
      if (to === 'pending' && athlete.auto_accept_matches) {
        // M3: shared and accepted at once; the share is announced after both, worded as a match.
        const moved = await moveMatch(trx, match, to, coach, { notify: false });
        await moveMatch(trx, moved, 'accepted', { role: 'system', id: null }, { autoResolved: true });
        await recordMatchNotification(trx, { matchId: match.id, from: match.status, to, actorRole: 'coach', actorId: user.id });
      } else {
        await moveMatch(trx, match, to, coach);
      }
      return { id: match.id, created };
    });
    app.services.outbox.kick(); // the change's notification event, relayed now (not at the next poll)
    return reply.code(result.created ? 201 : 200).send(await coachMatch(db, user.id, result.id));
  });

  /**
   * 💣 on a player without a match (M4): the match is declined in one transaction, never shared
   * with the athlete on the way (a POST then PATCH would show a pending match in between, and
   * leave it shared if the second call failed); such a decline stays private (M8). With a match
   * already there (another tab), it is declined as a PATCH would.
   */
  app.post('/coach/matches/decline', { onRequest: coachOnly, schema: { body: matchCreateSchema, response: { 200: coachMatchSchema, 201: coachMatchSchema, ...errorResponses } } }, async (request, reply) => {
    const user = currentUser(request);
    const coach: MatchActor = { role: 'coach', id: user.id };
    const { athleteId, requestId } = request.body;
    const { db } = app.services;
    const result = await db.transaction().execute(async (trx) => {
      await checkPair(trx, user.id, requestId, athleteId);
      const { match, created } = await lockOrCreatePair(trx, user.id, requestId, athleteId);
      checkMove('coach', match, 'declined');
      await moveMatch(trx, match, 'declined', coach);
      return { id: match.id, created };
    });
    app.services.outbox.kick(); // the change's notification event, relayed now (not at the next poll)
    return reply.code(result.created ? 201 : 200).send(await coachMatch(db, user.id, result.id));
  });

  app.get('/coach/matches', { onRequest: coachOnly, schema: { response: { 200: coachMatchListSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const rows = await selectMatches(app.services.db).where('m.coach_id', '=', user.id).where('m.status', 'is not', null).orderBy('m.updated_at', 'desc').orderBy('m.id').execute();
    return rows.map(coachMatchView);
  });

  app.patch('/coach/matches/:id', { onRequest: coachOnly, schema: { params: matchIdParams, body: matchUpdateSchema, response: { 200: coachMatchSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(MATCH_NOT_FOUND);
    const { db } = app.services;
    await changeMatchStatus(db, id, request.body.status, { role: 'coach', id: user.id });
    app.services.outbox.kick();
    return coachMatch(db, user.id, id);
  });

  // ------------------------------------------------------------------------------------------
  // The athlete's side (M2).

  app.get('/athlete/matches', { onRequest: athleteOnly, schema: { response: { 200: athleteMatchListSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const rows = await selectMatches(app.services.db)
      .where('m.athlete_id', '=', user.id)
      .where(sharedWithAthlete)
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.id')
      .execute();
    return { matches: rows.map(athleteMatchView) };
  });

  app.patch('/athlete/matches/:id', { onRequest: athleteOnly, schema: { params: matchIdParams, body: athleteUpdateSchema, response: { 200: athleteMatchSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(MATCH_NOT_FOUND);
    const { db } = app.services;
    await changeMatchStatus(db, id, request.body.status, { role: 'athlete', id: user.id });
    app.services.outbox.kick();
    const row = await selectMatches(db).where('m.id', '=', id).executeTakeFirstOrThrow();
    return athleteMatchView(row);
  });
}
