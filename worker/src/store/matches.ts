import { coachMatchTarget, MATCH_MESSAGES, MATCH_STATUSES, refusedMove, type MatchMover, type MatchStatus, type MatchStatusSetter } from '@app/domain';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database, Role } from '../db/schema.ts';
import { recordMatchNotification } from './notifications.ts';
import { athleteGpa, athleteText, coachText, requestJson } from './profile-sql.ts';
import { found, refusedWith, type Db, type StoreResult } from './result.ts';

/**
 * Matches (spec sections 3, 4, 7): the status changes, each applying the domain's state machine
 * (domain/src/match.ts, decisions M1-M8) and recording its audit event and notification in one
 * transaction, and the reads of the three audiences. The caller relays the outbox after a change
 * (outbox.kick()).
 */

export interface MatchActor {
  role: Role | 'system';
  id: string | null;
}

/** Why a match change did not happen: what was not found, or the state machine's refusal (its message). */
export type MatchRefusal = 'match-not-found' | 'request-not-found' | 'athlete-not-found' | (typeof MATCH_MESSAGES)[keyof typeof MATCH_MESSAGES];

/** A refusal carried out of a transaction (rolled back), turned back into a result by `attempt`. */
class Refused extends Error {
  constructor(readonly reason: MatchRefusal) {
    super(reason);
  }
}

async function attempt<T>(run: () => Promise<T>): Promise<StoreResult<T, MatchRefusal>> {
  try {
    return found(await run());
  } catch (error) {
    if (error instanceof Refused) return refusedWith(error.reason);
    throw error;
  }
}

/** A match row locked for a status change. */
interface LockedMatch {
  id: string;
  status: MatchStatus | null;
  status_by: MatchStatusSetter | null;
}

const lockedColumns = ['m.id', 'm.status', 'm.status_by'] as const;

/**
 * Whether the athlete (and their agent) can see a match (M8): only once it was shared with them,
 * and then a declined one only when the athlete declined it. A player the coach hid (before or
 * after sharing) is not shown to the athlete: hiding is the coach's private triage.
 */
const sharedWithAthlete = sql<boolean>`(m.shared_at is not null and (m.status in ('pending', 'accepted') or (m.status = 'declined' and m.status_by = 'athlete')))`;

/**
 * M8: agents see every match of their athletes from the moment it was shared, never a private
 * decline or a player back in the pool. The test is the SQL function match_is_shared, which the
 * triggers keeping athlete_match_counts call too (migration 2026-11-28T02-00).
 */
export const sharedMatch = sql<boolean>`match_is_shared(m.shared_at, m.status)`;

/**
 * Whether `requestId` is a live request (a deleted request's matches are gone for everyone, M8):
 * not one of the few deleted ones, found through their partial index and hashed once per
 * statement, so a per-row test reads no request row (migration 2026-11-28T00-00).
 */
export const liveRequest = (requestId: RawBuilder<unknown>) =>
  sql<boolean>`${requestId} not in (select d.id from coach_requests d where d.deleted_at is not null)`;

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
  await trx
    .insertInto('match_events')
    .values({ match_id: match.id, from_status: match.status, to_status: to, actor_role: actor.role, actor_id: actor.id })
    .execute();
  if (notify && to !== null) await recordMatchNotification(trx, { matchId: match.id, from: match.status, to, actorRole: actor.role, actorId: actor.id });
  return { id: match.id, status: to, status_by: setBy };
}

/** Refuses a move the state machine does not allow. */
function checkMove(mover: MatchMover, match: LockedMatch, to: MatchStatus) {
  const refused = refusedMove(mover, { status: match.status, setBy: match.status_by }, to);
  if (refused) throw new Refused(refused as MatchRefusal);
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
 * A coach's or athlete's status change on a match of their own (not found otherwise; an athlete
 * only reaches matches shared with them), checked against the allowed moves and recorded, under a
 * row lock so two changes cannot interleave. A coach's `pending` on a declined match is the
 * restore (M7).
 */
export async function changeMatchStatus(
  db: Db,
  matchId: string,
  to: MatchStatus,
  actor: { role: MatchMover; id: string },
): Promise<StoreResult<void, MatchRefusal>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('matches as m')
        .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
        .select(lockedColumns)
        .where('m.id', '=', matchId)
        .where('r.deleted_at', 'is', null);
      query = actor.role === 'coach' ? query.where('m.coach_id', '=', actor.id) : query.where('m.athlete_id', '=', actor.id).where(sharedWithAthlete);
      // The request share-locked, as checkPair does: a change and the request's deletion take turns.
      const match = await query.forUpdate('m').forShare('r').executeTakeFirst();
      if (!match) throw new Refused('match-not-found');
      // A player back in the pool is shared or declined through ⚡️ / 💣 (shareOrConfirm,
      // declinePair), which apply the athlete's auto-accept; a status change needs a match.
      if (match.status === null) throw new Refused(MATCH_MESSAGES.notShared);
      checkMove(actor.role, match, to);
      const restore = actor.role === 'coach' && match.status === 'declined' && to === 'pending';
      await moveMatch(trx, match, restore ? await statusBeforeDecline(trx, match.id) : to, actor);
    }),
  );
}

/**
 * Whether a request is the coach's own and live (not deleted). `shareLock`: and it stays so until
 * the caller's transaction commits (see checkPair).
 */
export async function coachOwnsLiveRequest(db: Db, coachId: string, requestId: string, { shareLock = false } = {}): Promise<boolean> {
  const request = await db
    .selectFrom('coach_requests')
    .select('id')
    .where('id', '=', requestId)
    .where('coach_id', '=', coachId)
    .where('deleted_at', 'is', null)
    .$if(shareLock, (q) => q.forShare())
    .executeTakeFirst();
  return request !== undefined;
}

/**
 * The request must be the coach's own and live, and stays so until the caller commits: its row is
 * share-locked, so a deletion at the same time waits for this change, or this change for the
 * deletion and then finds the request gone. Without it, a match shared while its request was
 * deleted counted for its athlete's agent and news (athlete_match_counts, athlete_news recount
 * the athletes whose matches each change can see). The athlete must be a completed profile, and
 * their row is share-locked too: a share can be the first to count for its athlete, whose stored
 * counts row then copies the athlete's agency, name and last update (athlete_match_counts); an
 * agency move or a profile save at the same time waits for the share and then updates that row,
 * or commits first and the share reads what it wrote.
 */
async function checkPair(trx: Transaction<Database>, coachId: string, requestId: string, athleteId: string) {
  if (!(await coachOwnsLiveRequest(trx, coachId, requestId, { shareLock: true }))) throw new Refused('request-not-found');
  const athlete = await trx
    .selectFrom('athletes')
    .select(['id', 'auto_accept_matches'])
    .where('id', '=', athleteId)
    .where('profile_completed', '=', true)
    .forShare()
    .executeTakeFirst();
  if (!athlete) throw new Refused('athlete-not-found');
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

export interface PairChange {
  /** The match's id. */
  id: string;
  /** Whether the coach's match with the player is new (or back from the pool). */
  created: boolean;
}

/**
 * ⚡️: shares a player (pending; accepted at once for an athlete with auto-accept, M3), or
 * confirms a pending match (M1). Refused over the athlete's own answer (M6).
 */
export async function shareOrConfirm(db: Db, coachId: string, requestId: string, athleteId: string): Promise<StoreResult<PairChange, MatchRefusal>> {
  const coach: MatchActor = { role: 'coach', id: coachId };
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const athlete = await checkPair(trx, coachId, requestId, athleteId);
      const { match, created } = await lockOrCreatePair(trx, coachId, requestId, athleteId);
      const to = coachMatchTarget(match.status);
      checkMove('coach', match, to);
      if (to === 'pending' && athlete.auto_accept_matches) {
        // M3: shared and accepted at once; the share is announced after both, worded as a match.
        const moved = await moveMatch(trx, match, to, coach, { notify: false });
        await moveMatch(trx, moved, 'accepted', { role: 'system', id: null }, { autoResolved: true });
        await recordMatchNotification(trx, { matchId: match.id, from: match.status, to, actorRole: 'coach', actorId: coachId });
      } else {
        await moveMatch(trx, match, to, coach);
      }
      return { id: match.id, created };
    }),
  );
}

/**
 * 💣 on a player without a match (M4): the match is declined in one transaction, never shared
 * with the athlete on the way; such a decline stays private (M8). With a match already there
 * (another tab), it is declined as a status change would.
 */
export async function declinePair(db: Db, coachId: string, requestId: string, athleteId: string): Promise<StoreResult<PairChange, MatchRefusal>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      await checkPair(trx, coachId, requestId, athleteId);
      const { match, created } = await lockOrCreatePair(trx, coachId, requestId, athleteId);
      checkMove('coach', match, 'declined');
      await moveMatch(trx, match, 'declined', { role: 'coach', id: coachId });
      return { id: match.id, created };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading matches: one query shape for the three audiences, each picking its fields.

/** Matches joined with their athlete, request and coach; matches of deleted requests are gone. */
function selectMatches(db: Db) {
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
      athleteText('nationality').as('nationality'),
      athleteGpa().as('gpa'),
      athleteText('profilePhotoUrl').as('athlete_photo'),
      requestJson('positions').as('positions'),
      requestJson('teamCategories').as('team_categories'),
      requestJson('targetStartTerms').as('target_start_terms'),
      sql<string | null>`r.data->>'notes'`.as('notes'),
      'c.first_name as coach_first_name',
      'c.last_name as coach_last_name',
      'c.email as coach_email',
      coachText('programName').as('program_name'),
      coachText('division').as('division'),
      coachText('schoolSize').as('school_size'),
      coachText('programRegion').as('program_region'),
      coachText('universityLogoUrl').as('university_logo_url'),
    ]);
}

export type MatchRow = Awaited<ReturnType<ReturnType<typeof selectMatches>['executeTakeFirstOrThrow']>>;

/** A coach's own match, or undefined. */
export async function coachMatch(db: Db, coachId: string, matchId: string): Promise<MatchRow | undefined> {
  return selectMatches(db).where('m.id', '=', matchId).where('m.coach_id', '=', coachId).executeTakeFirst();
}

/** A coach's matches (players in the pool aside), the latest change first. */
export async function coachMatches(db: Db, coachId: string): Promise<MatchRow[]> {
  return selectMatches(db).where('m.coach_id', '=', coachId).where('m.status', 'is not', null).orderBy('m.updated_at', 'desc').orderBy('m.id').execute();
}

/** The matches shared with an athlete (M8), the latest change first. */
export async function athleteMatches(db: Db, athleteId: string): Promise<MatchRow[]> {
  return selectMatches(db).where('m.athlete_id', '=', athleteId).where(sharedWithAthlete).orderBy('m.updated_at', 'desc').orderBy('m.id').execute();
}

/** One match as read after a change (by id alone: the caller just changed it as its owner). */
export async function matchById(db: Db, matchId: string): Promise<MatchRow | undefined> {
  return selectMatches(db).where('m.id', '=', matchId).executeTakeFirst();
}

/** A page of the hub: for each status, or only `status`, the `page`-th run of `pageSize` matches. */
export interface AgencyMatchesPage {
  status?: MatchStatus;
  /** Only this athlete's matches (their profile page); still only if the athlete is the agency's. */
  athleteId?: string;
  page: number;
  pageSize: number;
}

/**
 * Whether an athlete's stored counts `c` (athlete_match_counts) hold a shared match of `status`,
 * or of any status: the latter is the partial index's predicate, written as it is.
 */
export const hasSharedMatches = (status?: MatchStatus) =>
  status ? sql<boolean>`${sql.ref(`c.${status}`)} > 0` : sql<boolean>`c.accepted + c.pending + c.declined > 0`;

/** The matches shared with an agency's athletes (M8), by status, summed from their stored counts (athlete_match_counts). */
export interface AgencyMatchTotals {
  pending: number;
  accepted: number;
  declined: number;
}

/**
 * The statement part that reads AgencyMatchTotals of `agency` (a value or a column of the
 * enclosing statement); with `byAthlete`, also `by_athlete`: the hub's `stats.byAthlete`, each
 * athlete with any shared match and their counts, as the JSON object text the API sends. Written
 * by Postgres because a large agency has hundreds of such athletes (821 at Eture with the
 * benchmark's matches): read as rows, then built and serialized, they were most of the hub's CPU
 * in the API. The text needs no escaping: a uuid and integers.
 */
export function agencyMatchTotalsSql(agency: RawBuilder<unknown>, { byAthlete = false } = {}) {
  // format() writes an entry in one pass (about 2.5 times faster than concatenating its parts);
  // the entries stay in the index's order (sorting them tripled the statement's time).
  const entry = sql`format('"%s":{"pending":%s,"accepted":%s,"declined":%s}', c.athlete_id, c.pending, c.accepted, c.declined)`;
  return sql`select coalesce(sum(c.pending), 0)::int as pending, coalesce(sum(c.accepted), 0)::int as accepted,
      coalesce(sum(c.declined), 0)::int as declined
      ${byAthlete ? sql`, '{' || coalesce(string_agg(${entry}, ','), '') || '}' as by_athlete` : sql``}
    from athlete_match_counts c where c.agency = ${agency} and ${hasSharedMatches()}`;
}

/** A step of a match's trail as the hub reads it (written by Postgres as JSON; `at` is a timestamp's text). */
export interface AgencyMatchEvent {
  fromStatus: MatchStatus | null;
  toStatus: MatchStatus;
  actorRole: Role | 'system';
  at: string;
}

/**
 * The matches shared with an agency's athletes (M8), a page of each status, the latest change
 * first, each with its trail from the share on (`events`; a coach's private decline and restore
 * before sharing stay the coach's), in one prepared statement. The counts of all of them are the
 * hub's context's (agencyMatchTotalsSql). Each status's page is a range of the agency's shared
 * matches in matches_agency_status_idx (migration 2026-11-29T09-00: each match carries its
 * athlete's agency), walked from the latest and stopped at the page's end, whatever the agency's
 * share of all matches; so one generic plan serves every agency, and the page is not planned per
 * read. Ranked in one statement over every match, it took 10 ms at Eture with the benchmark's
 * seeded matches (10,049).
 */
export async function agencyMatches(
  db: Db,
  agency: string,
  { status, athleteId, page, pageSize }: AgencyMatchesPage,
): Promise<Array<MatchRow & { status: MatchStatus; events: AgencyMatchEvent[] }>> {
  const pageOf = (pageStatus: MatchStatus) =>
    db
      .selectFrom('matches as m')
      .select('m.id')
      .where('m.agency', '=', agency)
      .$if(athleteId !== undefined, (qb) => qb.where('m.athlete_id', '=', athleteId!))
      .where('m.status', '=', pageStatus)
      .where(sharedMatch)
      .where(liveRequest(sql`m.request_id`))
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.id')
      // The page's size is written into the text (a parameter's was guessed at a tenth of the
      // agency's matches, and the generic plan then hashed every match to join the page's).
      .limit(sql.lit(pageSize))
      .offset((page - 1) * pageSize);
  const pageIds = sql.join(
    (status ? [status] : MATCH_STATUSES).map((pageStatus) => sql`(${pageOf(pageStatus)})`),
    sql` union all `,
  );
  // Each match's trail in its own row (one statement: the page's ids are not known before it).
  const trail = sql<AgencyMatchEvent[]>`(select coalesce(json_agg(json_build_object('fromStatus', e.from_status, 'toStatus', e.to_status,
      'actorRole', e.actor_role, 'at', e.created_at) order by e.created_at, e.id), '[]')
    from match_events e where e.match_id = m.id and e.created_at >= m.shared_at)`;
  const query = selectMatches(db)
    .select(trail.as('events'))
    .where(sql<boolean>`m.id in (${pageIds})`)
    .$narrowType<{ status: MatchStatus }>()
    .orderBy('m.updated_at', 'desc')
    .orderBy('m.id');
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  // A builder inside `sql` is written in parentheses: a statement Postgres takes as is.
  const { rows } = await sql<Row>`${prepared}${query}`.execute(db);
  return rows;
}

/** The coach's match status with an athlete for a request, or null. */
export async function pairStatus(db: Db, requestId: string, athleteId: string): Promise<MatchStatus | null> {
  const row = await db.selectFrom('matches').select('status').where('request_id', '=', requestId).where('athlete_id', '=', athleteId).executeTakeFirst();
  return row?.status ?? null;
}
