import {
  explainPair,
  GPA_FILTER_STEPS,
  LEAGUE_LEVELS,
  MATCH_FILTER_STATUSES,
  matchFiltersSchema,
  matchViewSchema,
  resolveAthlete,
  resolveRequest,
  searchTextSchema,
  toCsv,
  TOP_VIEW_SIZE,
  type MatchFacets,
  type MatchFilters,
  type MatchFilterStatus,
  type PairExplanation,
} from '@app/domain';
import type { Database } from '@app/worker';
import { athleteScoringInput, loadAthlete, loadRequest, requestScoringInput } from '@app/worker/processors/index-store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { currentUser, requireRole, sessionCookieHash } from '../auth/session.ts';
import { notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { ATHLETE_NOT_FOUND, REQUEST_NOT_FOUND } from './coach.ts';
import { card, GPA_SQL, HAS_VIDEO_SQL, NATIONALITY_SQL, readPage } from './matches-index.ts';

/**
 * The coach's tools around a request's ranked list (issue 18), off the list's hot path:
 * - GET …/matches/facets: counts per filter value over the request's visible listed athletes, each
 *   facet under the other filters set (what picking that value would show);
 * - GET …/matches/export.csv: the current view and filters as CSV;
 * - GET …/athlete-search?q=: completed athletes by name, for "Why not?";
 * - GET …/explain/{athleteId}: why a completed athlete is or is not listed, from `explainPair`.
 * Every route is the request owner's alone (decision A6: another coach's request is 404).
 */

/** The most rows an export holds (the 'all' view of a very broad request is cut here). */
export const EXPORT_MAX = 5000;
const SEARCH_RESULTS = 10;

const idParams = z.object({ id: z.string() });
const SUB_SCORE_COLUMNS = ['position', 'academics', 'lyfs', 'region', 'budget', 'extras'] as const;
const STATUS_TEXT: Record<MatchFilterStatus, string> = { 'not-shared': 'Not shared yet', pending: 'Pending', accepted: 'Matched' };

async function ownRequest(db: Kysely<Database>, requestId: string, coachId: string) {
  if (!isUuid(requestId)) throw notFound(REQUEST_NOT_FOUND);
  const row = await db.selectFrom('coach_requests').select(['id']).where('id', '=', requestId).where('coach_id', '=', coachId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** Where a profile link points: the configured public origin, else the origin the coach called. */
function originOf(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return new URL(configured).origin;
  return `${request.protocol}://${request.host}`;
}

export interface ExplainAnswer {
  athlete: { id: string; name: string };
  explanation: PairExplanation;
  /** The coach's match with the athlete for this request ('declined' ones are listed under Hidden). */
  matchStatus: 'pending' | 'accepted' | 'declined' | null;
}

export async function matchToolsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const coachOnly = requireRole('coach');

  app.get('/coach/requests/:id/matches/facets', { onRequest: coachOnly, schema: { params: idParams, querystring: matchFiltersSchema } }, async (request): Promise<MatchFacets> => {
    const { db } = app.services;
    const { id } = await ownRequest(db, request.params.id, currentUser(request).id);
    const filters = request.query;
    /** The set filters but one, as conditions on the `listed` rows below. */
    const others = (except: keyof MatchFilters | 'none') => {
      const conditions = [sql`true`];
      if (except !== 'position' && filters.position) conditions.push(sql`position = ${filters.position}`);
      if (except !== 'nationality' && filters.nationality) conditions.push(sql`nationality_key = ${filters.nationality.toLowerCase()}`);
      if (except !== 'league' && filters.league) conditions.push(sql`league = ${filters.league}`);
      if (except !== 'minGpa' && filters.minGpa !== undefined) conditions.push(sql`gpa >= ${filters.minGpa}`);
      if (except !== 'hasVideo' && filters.hasVideo) conditions.push(sql`has_video = ${filters.hasVideo === 'yes'}`);
      if (except !== 'status' && filters.status) conditions.push(sql`status = ${filters.status}`);
      return sql.join(conditions, sql` and `);
    };
    // One pass over the visible listed athletes, then one small grouping per filter.
    const { rows } = await sql<{ facet: string; value: string | null; label: string | null; n: string }>`
      with listed as materialized (
        select a.primary_position as position, ${NATIONALITY_SQL} as nationality_key, btrim(a.profile->>'nationality') as nationality,
               a.profile->>'leagueLevel' as league, ${HAS_VIDEO_SQL} as has_video, ${GPA_SQL} as gpa,
               coalesce(m.status::text, 'not-shared') as status
        from match_scores ms
        join athletes a on a.id = ms.athlete_id and a.profile_completed
        left join matches m on m.request_id = ms.request_id and m.athlete_id = ms.athlete_id
        where ms.request_id = ${id} and m.status is distinct from 'declined')
      select 'total' as facet, null as value, null as label, count(*) as n from listed where ${others('none')}
      union all select 'position', position, null, count(*) from listed where position is not null and ${others('position')} group by position
      union all select 'nationality', nationality_key, min(nationality), count(*) from listed where nationality_key <> '' and ${others('nationality')} group by nationality_key
      union all select 'league', league, null, count(*) from listed where league is not null and ${others('league')} group by league
      union all select 'hasVideo', has_video::text, null, count(*) from listed where ${others('hasVideo')} group by has_video
      union all select 'status', status, null, count(*) from listed where ${others('status')} group by status
      union all select 'gpa', step::text, null, count(*) from listed, unnest(${[...GPA_FILTER_STEPS]}::float8[]) step where gpa >= step and ${others('minGpa')} group by step`.execute(db);
    const facets: MatchFacets = {
      total: 0,
      position: [],
      nationality: [],
      league: [],
      hasVideo: { yes: 0, no: 0 },
      status: { 'not-shared': 0, pending: 0, accepted: 0 },
      gpaAtLeast: GPA_FILTER_STEPS.map((value) => ({ value, count: 0 })),
    };
    for (const row of rows) {
      const n = Number(row.n);
      if (row.facet === 'total') facets.total = n;
      else if (row.facet === 'position') facets.position.push({ value: row.value!, count: n });
      else if (row.facet === 'nationality') facets.nationality.push({ value: row.label!, count: n });
      else if (row.facet === 'league') {
        // Only the reference leagues can be filtered on (the filter's values).
        const league = LEAGUE_LEVELS.find((l) => l.value === row.value) ?? null;
        if (league) facets.league.push({ value: league.value, label: league.label, count: n });
      } else if (row.facet === 'hasVideo') facets.hasVideo[row.value === 'true' ? 'yes' : 'no'] = n;
      else if (row.facet === 'status' && (MATCH_FILTER_STATUSES as readonly string[]).includes(row.value!)) facets.status[row.value as MatchFilterStatus] = n;
      else if (row.facet === 'gpa') facets.gpaAtLeast.find((g) => g.value === Number(row.value))!.count = n;
    }
    const byCount = (a: { count: number; value: string }, b: { count: number; value: string }) => b.count - a.count || a.value.localeCompare(b.value);
    facets.position.sort(byCount);
    facets.nationality.sort(byCount);
    facets.league.sort(byCount);
    return facets;
  });

  app.get(
    '/coach/requests/:id/matches/export.csv',
    { onRequest: coachOnly, schema: { params: idParams, querystring: z.object({ view: matchViewSchema, ...matchFiltersSchema.shape }) } },
    async (request, reply) => {
      const { db, config } = app.services;
      const { id } = await ownRequest(db, request.params.id, currentUser(request).id);
      const { view, ...filters } = request.query;
      // The list's own read (the session's coach, the view's order, the filters): the CSV is what the screen shows.
      const { page } = await readPage(db, id, sessionCookieHash(request)!, view, view === 'top15' ? TOP_VIEW_SIZE : EXPORT_MAX, 0, filters);
      const origin = originOf(request, config.PUBLIC_ORIGIN);
      const header = ['Rank', 'Name', 'Score', ...SUB_SCORE_COLUMNS.map((c) => `${c === 'lyfs' ? 'LYFS' : c[0].toUpperCase() + c.slice(1)} %`), 'Position', 'GPA', 'League', 'Nationality', 'Match status', 'Profile'];
      const rows = page.map((row, i) => {
        const athlete = card(row);
        return [
          i + 1,
          athlete.name,
          row.score,
          ...SUB_SCORE_COLUMNS.map((c) => row[`sub_${c}`]),
          athlete.primaryPosition,
          athlete.gpa === null ? '' : athlete.gpa.toFixed(1),
          athlete.league,
          athlete.nationality,
          row.match_status === null ? STATUS_TEXT['not-shared'] : (STATUS_TEXT[row.match_status as MatchFilterStatus] ?? row.match_status),
          `${origin}/coach/athletes/${row.athlete_id}`,
        ];
      });
      const filename = `matches-${view}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(toCsv([header, ...rows]));
    },
  );

  app.get(
    '/coach/requests/:id/athlete-search',
    { onRequest: coachOnly, schema: { params: idParams, querystring: z.object({ q: searchTextSchema.pipe(z.string().min(2, 'Type at least 2 letters of the name')) }) } },
    async (request) => {
      const { db } = app.services;
      await ownRequest(db, request.params.id, currentUser(request).id);
      // Completed athletes only: a coach sees no other athlete (decision A6).
      const rows = await db
        .selectFrom('athletes')
        .select(['id', 'full_name', 'primary_position', sql<string | null>`profile->>'nationality'`.as('nationality'), 'age'])
        .where('profile_completed', '=', true)
        .where(sql<boolean>`lower(full_name) like ${`%${request.query.q.toLowerCase()}%`}`)
        .orderBy(sql`lower(full_name)`)
        .orderBy('id')
        .limit(SEARCH_RESULTS)
        .execute();
      return { athletes: rows.map((r) => ({ id: r.id, name: r.full_name, primaryPosition: r.primary_position, nationality: r.nationality, age: r.age })) };
    },
  );

  app.get(
    '/coach/requests/:id/explain/:athleteId',
    { onRequest: coachOnly, schema: { params: z.object({ id: z.string(), athleteId: z.string() }) } },
    async (request): Promise<ExplainAnswer> => {
      const { db } = app.services;
      const { id } = await ownRequest(db, request.params.id, currentUser(request).id);
      const { athleteId } = request.params;
      if (!isUuid(athleteId)) throw notFound(ATHLETE_NOT_FOUND);
      const [athleteRow, requestRow, match, name] = await Promise.all([
        loadAthlete(db, athleteId),
        loadRequest(db, id),
        db.selectFrom('matches').select('status').where('request_id', '=', id).where('athlete_id', '=', athleteId).executeTakeFirst(),
        db.selectFrom('athletes').select('full_name').where('id', '=', athleteId).executeTakeFirst(),
      ]);
      if (!athleteRow || !athleteRow.profile_completed || !name) throw notFound(ATHLETE_NOT_FOUND);
      if (!requestRow) throw notFound(REQUEST_NOT_FOUND);
      // The same inputs and scoring function the index job uses (worker/src/processors/index-jobs.ts).
      const explanation = explainPair(resolveAthlete(athleteScoringInput(athleteRow)), resolveRequest(requestScoringInput(requestRow)));
      return { athlete: { id: athleteId, name: name.full_name }, explanation, matchStatus: match?.status ?? null };
    },
  );
}
