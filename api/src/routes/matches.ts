import { matchCreateSchema, matchUpdateSchema } from '@app/domain';
import { recordMatchNotification, type Database, type MatchStatus, type Role } from '@app/worker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';

export const MATCH_NOT_FOUND = 'Match not found';
export const REQUEST_NOT_FOUND = 'Request not found';
export const ATHLETE_NOT_FOUND = 'Athlete not found';

/**
 * Match lifecycle (spec section 4; decisions M1-M5).
 *
 * Coach moves: pending -> accepted (⚡️ confirms, M1), pending -> declined (💣), accepted ->
 * declined (💣 stays enabled on a matched player: spec section 4 disables it only for declined
 * matches), declined -> pending (restore, M4). Athlete moves (M2): pending -> accepted or declined,
 * nothing else. Everything else is refused with 409 and a message saying why.
 */
export const MATCH_MESSAGES = {
  alreadyMatched: 'This player is already matched for this request.',
  alreadyHidden: 'This player is already hidden from this request.',
  alreadyPending: 'This match is already waiting for the player’s response.',
  restoreFirst: 'Restore this player to your pool before sharing a match.',
  noBackToPending: 'A confirmed match cannot go back to pending. Decline it instead.',
  alreadyResponded: 'You have already responded to this match.',
} as const;

type Mover = 'coach' | 'athlete';
const MOVES: Record<Mover, Record<MatchStatus, readonly MatchStatus[]>> = {
  coach: { pending: ['accepted', 'declined'], accepted: ['declined'], declined: ['pending'] },
  athlete: { pending: ['accepted', 'declined'], accepted: [], declined: [] },
};

/** Why `mover` may not move a match from `from` to `to`, or null when the move is allowed. */
export function refusedMove(mover: Mover, from: MatchStatus, to: MatchStatus): string | null {
  if (MOVES[mover][from].includes(to)) return null;
  if (mover === 'athlete') return MATCH_MESSAGES.alreadyResponded;
  if (from === to) return from === 'accepted' ? MATCH_MESSAGES.alreadyMatched : from === 'declined' ? MATCH_MESSAGES.alreadyHidden : MATCH_MESSAGES.alreadyPending;
  return from === 'declined' ? MATCH_MESSAGES.restoreFirst : MATCH_MESSAGES.noBackToPending;
}

export interface MatchActor {
  role: Role | 'system';
  id: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Sets a locked match's status and records the change in the audit trail (M5), in the caller's
 * transaction. `autoResolved` marks an accepted status the athlete's auto-accept preference set;
 * any later move clears it.
 */
async function moveMatch(trx: Transaction<Database>, match: { id: string; status: MatchStatus }, to: MatchStatus, actor: MatchActor) {
  await trx
    .updateTable('matches')
    .set({ status: to, auto_resolved: false, updated_at: sql<Date>`now()` })
    .where('id', '=', match.id)
    .execute();
  await recordEvent(trx, match.id, match.status, to, actor);
}

async function recordEvent(trx: Transaction<Database>, matchId: string, from: MatchStatus | null, to: MatchStatus, actor: MatchActor) {
  await trx.insertInto('match_events').values({ match_id: matchId, from_status: from, to_status: to, actor_role: actor.role, actor_id: actor.id }).execute();
  // N1/N3: the change's notification (if it announces one) commits with it.
  await recordMatchNotification(trx, { matchId, from, to, actorRole: actor.role, actorId: actor.id });
}

/**
 * A coach's or athlete's status change on a match of their own (404 otherwise; an athlete only
 * reaches matches shared with them), checked against the allowed moves and recorded, under a
 * row lock so two changes cannot interleave.
 */
async function changeMatchStatus(db: Kysely<Database>, matchId: string, to: MatchStatus, actor: { role: Mover; id: string }) {
  await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('matches as m')
      .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
      .select(['m.id', 'm.status'])
      .where('m.id', '=', matchId)
      .where('r.deleted_at', 'is', null);
    query = actor.role === 'coach' ? query.where('m.coach_id', '=', actor.id) : query.where('m.athlete_id', '=', actor.id).where(sharedWithAthlete);
    const match = await query.forUpdate('m').executeTakeFirst();
    if (!match) throw notFound(MATCH_NOT_FOUND);
    const refused = refusedMove(actor.role, match.status, to);
    if (refused) throw conflict(refused);
    await moveMatch(trx, match, to, actor);
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
  return { id: row.id, status: row.status, autoResolved: row.auto_resolved, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
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
    coach: { ...coachSummary(row), programRegion: row.program_region, universityLogoUrl: row.university_logo_url },
    coachRequest: { positions: textList(row.positions), teamCategories: textList(row.team_categories), targetStartTerms: textList(row.target_start_terms) },
  };
}

/**
 * Whether the athlete can see a match: every pending or accepted one (shared with them), and a
 * declined one only when they declined it themselves. A player the coach hid without ever sharing,
 * or hid after sharing, is not shown: hiding is the coach's private triage.
 */
const sharedWithAthlete = sql<boolean>`(m.status <> 'declined' or (select e.actor_role from match_events e where e.match_id = m.id order by e.id desc limit 1) = 'athlete')`;

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

  /** Inserts the match unless one exists for the pair; returns the new row or null. */
  async function insertMatch(trx: Transaction<Database>, values: { coachId: string; requestId: string; athleteId: string; status: MatchStatus; autoResolved: boolean }) {
    const row = await trx
      .insertInto('matches')
      .values({ request_id: values.requestId, athlete_id: values.athleteId, coach_id: values.coachId, status: values.status, auto_resolved: values.autoResolved })
      .onConflict((oc) => oc.columns(['request_id', 'athlete_id']).doNothing())
      .returning(['id', 'status'])
      .executeTakeFirst();
    return row ?? null;
  }

  async function lockPair(trx: Transaction<Database>, requestId: string, athleteId: string) {
    return trx
      .selectFrom('matches')
      .select(['id', 'status'])
      .where('request_id', '=', requestId)
      .where('athlete_id', '=', athleteId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  // ⚡️: share a player (pending; accepted at once for an athlete with auto-accept, M3), or
  // confirm a pending match (M1).
  app.post('/coach/matches', { onRequest: coachOnly, schema: { body: matchCreateSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const coach: MatchActor = { role: 'coach', id: user.id };
    const { athleteId, requestId } = request.body;
    const { db } = app.services;
    const result = await db.transaction().execute(async (trx) => {
      const athlete = await checkPair(trx, user.id, requestId, athleteId);
      const autoAccept = athlete.auto_accept_matches;
      const created = await insertMatch(trx, { coachId: user.id, requestId, athleteId, status: autoAccept ? 'accepted' : 'pending', autoResolved: autoAccept });
      if (created) {
        await recordEvent(trx, created.id, null, 'pending', coach);
        if (autoAccept) await recordEvent(trx, created.id, 'pending', 'accepted', { role: 'system', id: null });
        return { id: created.id, created: true };
      }
      const existing = await lockPair(trx, requestId, athleteId);
      const refused = refusedMove('coach', existing.status, 'accepted');
      if (refused) throw conflict(refused);
      await moveMatch(trx, existing, 'accepted', coach);
      return { id: existing.id, created: false };
    });
    return reply.code(result.created ? 201 : 200).send(await coachMatch(db, user.id, result.id));
  });

  /**
   * 💣 on a player without a match (M4): creates the match already declined, in one transaction,
   * so the player is never shared with the athlete on the way (a POST then PATCH would show a
   * pending match in between, and leave it shared if the second call failed). With a match
   * already there (another tab), it is declined as a PATCH would.
   */
  app.post('/coach/matches/decline', { onRequest: coachOnly, schema: { body: matchCreateSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const coach: MatchActor = { role: 'coach', id: user.id };
    const { athleteId, requestId } = request.body;
    const { db } = app.services;
    const result = await db.transaction().execute(async (trx) => {
      await checkPair(trx, user.id, requestId, athleteId);
      const created = await insertMatch(trx, { coachId: user.id, requestId, athleteId, status: 'declined', autoResolved: false });
      if (created) {
        await recordEvent(trx, created.id, null, 'declined', coach);
        return { id: created.id, created: true };
      }
      const existing = await lockPair(trx, requestId, athleteId);
      const refused = refusedMove('coach', existing.status, 'declined');
      if (refused) throw conflict(refused);
      await moveMatch(trx, existing, 'declined', coach);
      return { id: existing.id, created: false };
    });
    return reply.code(result.created ? 201 : 200).send(await coachMatch(db, user.id, result.id));
  });

  app.get('/coach/matches', { onRequest: coachOnly }, async (request) => {
    const user = currentUser(request);
    const rows = await selectMatches(app.services.db).where('m.coach_id', '=', user.id).orderBy('m.updated_at', 'desc').orderBy('m.id').execute();
    return rows.map(coachMatchView);
  });

  app.patch('/coach/matches/:id', { onRequest: coachOnly, schema: { params: matchIdParams, body: matchUpdateSchema } }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(MATCH_NOT_FOUND);
    const { db } = app.services;
    await changeMatchStatus(db, id, request.body.status, { role: 'coach', id: user.id });
    return coachMatch(db, user.id, id);
  });

  // ------------------------------------------------------------------------------------------
  // The athlete's side (M2).

  app.get('/athlete/matches', { onRequest: athleteOnly }, async (request) => {
    const user = currentUser(request);
    const rows = await selectMatches(app.services.db)
      .where('m.athlete_id', '=', user.id)
      .where(sharedWithAthlete)
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.id')
      .execute();
    return { matches: rows.map(athleteMatchView) };
  });

  app.patch('/athlete/matches/:id', { onRequest: athleteOnly, schema: { params: matchIdParams, body: athleteUpdateSchema } }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(MATCH_NOT_FOUND);
    const { db } = app.services;
    await changeMatchStatus(db, id, request.body.status, { role: 'athlete', id: user.id });
    const row = await selectMatches(db).where('m.id', '=', id).executeTakeFirstOrThrow();
    return athleteMatchView(row);
  });
}
