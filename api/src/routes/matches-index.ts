import { athleteAnswered, athleteDisplayName, hasMatchFilters, matchFiltersSchema, matchViewSchema, type MatchFilters, resolveLeague, TOP_VIEW_SIZE, type HiddenMatch, type MatchCardAthlete, type MatchState, type MatchStatus, type MatchStatusSetter, type MatchView, type RankedMatch, type RequestMatchesPage, type SubScores } from '@app/domain';
import { prepared, type Database } from '@app/worker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { adoptSession, liveSessionSql, readsSessionWithData, requireRole, sessionCookieHash, type LiveSessionRow } from '../auth/session.ts';
import { notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { REQUEST_NOT_FOUND } from './coach.ts';
import { errorResponses, requestMatchesPageSchema } from '@app/domain';
import { precompiledSerializerCompiler } from '../lib/precompiled-serializer.ts';

/**
 * GET /api/coach/requests/{id}/matches?view=top15|all|position
 *
 * A request's ranked athletes, read straight from the match index (match_scores) that the worker
 * keeps fresh; nothing is scored here. One indexed query per list:
 * - top15 / all: score desc, athlete updatedAt desc, athlete id (decision S12), served by
 *   match_scores_rank_idx;
 * - position: exact primary, other primary, secondary, each by rank (S13), served by
 *   match_scores_position_idx (the tier expression below must match the index's).
 * Declined athletes are left out of the views and returned under `hidden` (S13).
 * `status` is 'computing' while the worker has not yet indexed the request's current version.
 * 'all' and 'position' are paged (`limit`, `offset`; `total` counts every visible listed athlete).
 * top15 reads 16 rows (to say whether more follow) and counts nothing, so its cost does not grow
 * with the number of listed athletes (DESIGN.md: p99 under 15 ms at 100,000 athletes).
 * Filters (position, nationality, league, minGpa, hasVideo, status; issue 18) narrow the page in
 * the same statement, keeping the view's order; without any, the statement's text is the
 * unfiltered one. Filtered 'all' and 'position' count the filtered athletes; unfiltered ones read the
 * request's stored count (match_request_counts), so their cost does not grow with the list either.
 */

export const MATCHES_PAGE_DEFAULT = 50;
export const MATCHES_PAGE_MAX = 200;
const HIDDEN_MAX = 500;
/** The completed-profile count changes slowly; a short cache keeps it off the hot path. */
const POOL_SIZE_TTL_MS = 5000;

const POSITION_TIER_SQL = sql`(case when ms.position_match = 'primary' and ms.position_exact then 0 when ms.position_match = 'primary' then 1 when ms.position_match = 'secondary' then 2 else 3 end)`;

const querySchema = z.object({
  view: matchViewSchema,
  limit: z.coerce.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(1, 'Minimum is 1').max(MATCHES_PAGE_MAX, `Maximum is ${MATCHES_PAGE_MAX}`).optional(),
  offset: z.coerce.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(0, 'Minimum is 0').optional(),
  ...matchFiltersSchema.shape,
});

/** The athlete's GPA when it is a number (as stored by the profile route), else null. */
export const GPA_SQL = sql`(case when jsonb_typeof(a.profile->'gpa') = 'number' then (a.profile->>'gpa')::float8 end)`;
export const HAS_VIDEO_SQL = sql`(coalesce(nullif(btrim(a.profile->>'highlightVideoUrl'), ''), nullif(btrim(a.profile->>'videoUrl'), '')) is not null)`;
export const NATIONALITY_SQL = sql`lower(btrim(a.profile->>'nationality'))`;

/**
 * The filters as conditions on a list row (athlete `a`, the coach's match `m`, left joined), each
 * value a parameter. Empty (no text at all) without filters, so the unfiltered statement is unchanged.
 */
export function filterSql(filters: MatchFilters) {
  const conditions = [];
  if (filters.position) conditions.push(sql`a.primary_position = ${filters.position}`);
  if (filters.nationality) conditions.push(sql`${NATIONALITY_SQL} = ${filters.nationality.toLowerCase()}`);
  if (filters.league) conditions.push(sql`a.profile->>'leagueLevel' = ${filters.league}`);
  if (filters.minGpa !== undefined) conditions.push(sql`${GPA_SQL} >= ${filters.minGpa}`);
  if (filters.hasVideo) conditions.push(filters.hasVideo === 'yes' ? HAS_VIDEO_SQL : sql`not ${HAS_VIDEO_SQL}`);
  // A match with no status is a coach-declined athlete restored to the pool, never shared (M7).
  if (filters.status === 'not-shared') conditions.push(sql`m.status is null`);
  else if (filters.status) conditions.push(sql`m.status = ${filters.status}`);
  return conditions.length === 0 ? sql`` : sql`and ${sql.join(conditions, sql` and `)}`;
}

export interface CardRow {
  athlete_id: string;
  full_name: string | null;
  email: string | null;
  primary_position: string | null;
  age: number | null;
  is_transfer: boolean;
  photo: string | null;
  nationality: string | null;
  league_label: string | null;
  league_value: unknown;
  gpa: unknown;
  has_video: boolean;
  score: number | null;
  sub_position: number | null;
  sub_academics: number | null;
  sub_lyfs: number | null;
  sub_region: number | null;
  sub_budget: number | null;
  sub_extras: number | null;
  position_match: 'primary' | 'secondary' | null;
  position_exact: boolean | null;
  highlights: string[] | null;
  match_id: string | null;
  match_status: MatchStatus | null;
  match_status_by: MatchStatusSetter | null;
  match_auto_resolved: boolean | null;
  match_updated_at: Date | null;
}

export const cardColumns = sql`
  a.id as athlete_id, a.full_name, a.email, a.age, a.is_transfer, a.primary_position,
  a.profile->>'profilePhotoUrl' as photo,
  a.profile->>'nationality' as nationality,
  a.profile->>'leagueLevelLabel' as league_label,
  a.profile->'leagueLevel' as league_value,
  a.profile->'gpa' as gpa,
  ${HAS_VIDEO_SQL} as has_video,
  ms.score, ms.sub_position, ms.sub_academics, ms.sub_lyfs, ms.sub_region, ms.sub_budget, ms.sub_extras,
  ms.position_match, ms.position_exact, ms.highlights,
  m.id as match_id, m.status as match_status, m.status_by as match_status_by, m.auto_resolved as match_auto_resolved, m.updated_at as match_updated_at`;

const text = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);

export function card(row: CardRow): MatchCardAthlete {
  const gpa = typeof row.gpa === 'number' ? row.gpa : typeof row.gpa === 'string' ? Number(row.gpa) : NaN;
  return {
    id: row.athlete_id,
    name: athleteDisplayName(text(row.full_name) ?? undefined, text(row.email) ?? undefined, row.athlete_id),
    photoUrl: text(row.photo),
    age: row.age,
    nationality: text(row.nationality),
    league: text(row.league_label) ?? resolveLeague(row.league_value)?.label ?? null,
    gpa: Number.isFinite(gpa) && gpa >= 0 && gpa <= 4 ? gpa : null,
    isTransfer: row.is_transfer,
    hasVideo: row.has_video,
    primaryPosition: row.primary_position,
  };
}

/** The coach's match with the player; none while the player is in the pool, never shared (M7). */
function matchState(row: CardRow): MatchState | null {
  if (!row.match_id || !row.match_status) return null;
  return {
    id: row.match_id,
    status: row.match_status,
    autoResolved: row.match_auto_resolved === true,
    athleteAnswered: athleteAnswered({ status: row.match_status, setBy: row.match_status_by }),
    updatedAt: new Date(row.match_updated_at!).toISOString(),
  };
}

function subScores(row: CardRow): SubScores | null {
  if (row.score === null) return null;
  return {
    position: row.sub_position!,
    academics: row.sub_academics!,
    lyfs: row.sub_lyfs!,
    region: row.sub_region!,
    budget: row.sub_budget!,
    extras: row.sub_extras!,
  };
}

export function rankedMatch(row: CardRow): RankedMatch {
  return {
    athlete: card(row),
    score: row.score!,
    subScores: subScores(row)!,
    positionMatch: row.position_match,
    positionExact: row.position_exact === true,
    highlights: row.highlights ?? [],
    match: matchState(row),
  };
}

function hiddenMatch(row: CardRow): HiddenMatch {
  return {
    athlete: card(row),
    score: row.score,
    subScores: subScores(row),
    positionMatch: row.position_match,
    positionExact: row.position_exact === true,
    highlights: row.highlights ?? [],
    match: matchState(row)!,
  };
}

/** The request's indexing state, carried by every row of a list read (saves a round trip). */
interface RequestState {
  request_version: string;
  request_indexed_version: string;
  request_indexed_at: Date | null;
}

/** A row of a list read: an athlete's card and scores, and what every row carries (request state, session). */
type PageRow = CardRow & RequestState & LiveSessionRow;

// Every query below reads as the session's coach: it resolves the session itself (liveSessionSql,
// as the coach role only) and reaches the request only through that owner (coach_id), and only
// while it is not deleted. Without a live coach session, or for another coach's request, it reads
// as empty, and the route falls back to the usual guard (401, 403) and then answers 404.

/** The session (`su`, from `with su as (liveSessionSql)`) and, if it is a coach's, their live request `r`. */
const sessionsOwnRequest = (requestId: string) =>
  sql`su join coach_requests r on r.id = ${requestId} and r.coach_id = su.session_user_id and su.session_role = 'coach' and r.deleted_at is null`;

/**
 * While the request's latest version is being indexed (after a create or an edit) its rows mix the
 * old version's and the new one's: the list then shows none ('computing') rather than a mix.
 */
const requestIndexed = sql`r.indexed_version >= r.version`;

/**
 * One read for the page and the hidden list: a page of the view (visible listed athletes in the
 * view's order) and the request's declined athletes by rank (those no longer listed last), told
 * apart by `part`. Every row carries the request's state. A single prepared statement: on the
 * hot path each extra round trip to Postgres cost more API time than the query itself.
 */
export async function readPage(
  db: Kysely<Database>,
  requestId: string,
  sessionHash: string,
  view: MatchView,
  limit: number,
  offset: number,
  filters: MatchFilters = {},
): Promise<{ page: PageRow[]; hidden: PageRow[] }> {
  const order =
    view === 'position'
      ? sql`${POSITION_TIER_SQL}, ms.score desc, ms.athlete_updated_at desc, ms.athlete_id`
      : sql`ms.score desc, ms.athlete_updated_at desc, ms.athlete_id`;
  const hiddenOrder = sql`ms.score desc nulls last, coalesce(ms.athlete_updated_at, a.updated_at) desc, a.id`;
  // top15's fixed page (always from the start) is written into the text: with nothing left to vary but the ids, Postgres
  // settles on one generic plan for the prepared statement and stops planning it per call.
  const paging = view === 'top15' ? sql`limit ${sql.lit(limit)}` : sql`limit ${limit} offset ${offset}`;
  const carried = sql`r.version as request_version, r.indexed_version as request_indexed_version, r.indexed_at as request_indexed_at, su.*`;
  const { rows } = await sql<PageRow & { part: 'page' | 'hidden' }>`${prepared}
    with su as (${liveSessionSql(sessionHash)})
    select * from (
      (select 'page' as part, row_number() over (order by ${order}) as ord, ${cardColumns}, ${carried}
       from ${sessionsOwnRequest(requestId)}
       join match_scores ms on ms.request_id = r.id
       join athletes a on a.id = ms.athlete_id and a.profile_completed
       left join matches m on m.request_id = ms.request_id and m.athlete_id = ms.athlete_id
       where m.status is distinct from 'declined' and ${requestIndexed} ${filterSql(filters)}
       order by ${order}
       ${paging})
      union all
      (select 'hidden' as part, row_number() over (order by ${hiddenOrder}) as ord, ${cardColumns}, ${carried}
       from ${sessionsOwnRequest(requestId)}
       join matches m on m.request_id = r.id
       join athletes a on a.id = m.athlete_id and a.profile_completed
       left join match_scores ms on ms.request_id = m.request_id and ms.athlete_id = m.athlete_id
       where m.status = 'declined'
       order by ${hiddenOrder}
       limit ${sql.lit(HIDDEN_MAX)})
    ) as both_parts
    order by part desc, ord`.execute(db);
  return { page: rows.filter((row) => row.part === 'page'), hidden: rows.filter((row) => row.part === 'hidden') };
}

async function countVisible(db: Kysely<Database>, requestId: string, sessionHash: string, filters: MatchFilters): Promise<number> {
  if (hasMatchFilters(filters)) {
    const { rows } = await sql<{ n: string }>`${prepared}
      with su as (${liveSessionSql(sessionHash)})
      select count(*) as n from ${sessionsOwnRequest(requestId)}
      join match_scores ms on ms.request_id = r.id
      join athletes a on a.id = ms.athlete_id and a.profile_completed
      left join matches m on m.request_id = ms.request_id and m.athlete_id = ms.athlete_id
      where m.status is distinct from 'declined' and ${requestIndexed} ${filterSql(filters)}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  // Unfiltered: the stored count of listed rows (match_request_counts, kept by match_scores'
  // triggers) less the declined ones (few), instead of counting every listed row per read.
  const { rows } = await sql<{ n: string }>`${prepared}
    with su as (${liveSessionSql(sessionHash)})
    select case when ${requestIndexed} then coalesce((select c.listed from match_request_counts c where c.request_id = r.id), 0)
       - (select count(*) from matches m join match_scores ms on ms.request_id = m.request_id and ms.athlete_id = m.athlete_id
          where m.request_id = r.id and m.status = 'declined') else 0 end as n
    from ${sessionsOwnRequest(requestId)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function matchesIndexRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Per app instance. A zero is never cached: the empty state must end as soon as profiles exist.
  let poolCache: { value: number; at: number } | null = null;
  let poolInFlight: Promise<number> | null = null;
  async function poolSize(db: Kysely<Database>): Promise<number> {
    if (poolCache && Date.now() - poolCache.at < POOL_SIZE_TTL_MS) return poolCache.value;
    poolInFlight ??= db
      .selectFrom('athletes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('profile_completed', '=', true)
      .executeTakeFirstOrThrow()
      .then((r) => {
        const value = Number(r.n);
        poolCache = value > 0 ? { value, at: Date.now() } : null;
        return value;
      })
      .finally(() => {
        poolInFlight = null;
      });
    return poolInFlight;
  }

  // The hot path: the session is read inside the list's own statement (one round trip less per read;
  // decision 005). Anything else — no rows, a malformed id — goes through the usual guard first.
  const guard = requireRole('coach');
  app.get(
    '/coach/requests/:id/matches',
    {
      onRequest: readsSessionWithData,
      schema: { params: z.object({ id: z.string() }), querystring: querySchema, response: { 200: requestMatchesPageSchema, ...errorResponses } },
      // The hot path: the page is written by a serializer compiled from its schema (see the lib's note).
      serializerCompiler: precompiledSerializerCompiler,
    },
    async (request, reply): Promise<RequestMatchesPage> => {
      const { id } = request.params;
      const sessionHash = sessionCookieHash(request)!;
      const { db } = app.services;
      const { view, limit: _limit, offset: _offset, ...filters } = request.query;
      const limit = view === 'top15' ? TOP_VIEW_SIZE : (request.query.limit ?? MATCHES_PAGE_DEFAULT);
      const offset = view === 'top15' ? 0 : (request.query.offset ?? 0);
      if (!isUuid(id)) {
        await guard.call(app, request, reply);
        throw notFound(REQUEST_NOT_FOUND);
      }
      const [{ page: rows, hidden }, total, pool] = await Promise.all([
        readPage(db, id, sessionHash, view, limit + 1, offset, filters),
        view === 'top15' ? null : countVisible(db, id, sessionHash, filters),
        poolSize(db),
      ]);
      const carried = rows[0] ?? hidden[0];
      let state: RequestState | undefined = carried;
      if (carried) {
        await adoptSession(request, sessionHash, carried);
      } else {
        // Nothing read: no live coach session, another coach's request, or an empty list.
        await guard.call(app, request, reply);
        state = await db
          .selectFrom('coach_requests')
          .select(['version as request_version', 'indexed_version as request_indexed_version', 'indexed_at as request_indexed_at'])
          .where('id', '=', id)
          .where('coach_id', '=', request.user!.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
      }
      if (!state) throw notFound(REQUEST_NOT_FOUND);
      return {
        status: BigInt(state.request_indexed_version) >= BigInt(state.request_version) ? 'ready' : 'computing',
        computedAt: state.request_indexed_at ? new Date(state.request_indexed_at).toISOString() : null,
        view,
        total,
        hasMore: rows.length > limit,
        offset,
        limit,
        matches: rows.slice(0, limit).map(rankedMatch),
        hidden: hidden.map(hiddenMatch),
        poolSize: pool,
      };
    },
  );
}
