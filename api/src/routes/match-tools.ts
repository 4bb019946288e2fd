import {
  emptyMatchFacets,
  explainPair,
  GPA_FILTER_STEPS,
  LEAGUE_LEVELS,
  MATCH_FILTER_STATUSES,
  matchFiltersSchema,
  matchViewSchema,
  requestName,
  resolveAthlete,
  resolveRequest,
  searchTextSchema,
  TOP_VIEW_SIZE,
  type MatchFacets,
  type MatchFilterStatus,
} from '@app/domain';
import { facetCounts, pageKeyOf, readPage, requestListGeneration, type PageKey } from '@app/worker/store/match-scores';
import { pairStatus } from '@app/worker/store/matches';
import { athleteName, searchCompletedAthletes } from '@app/worker/store/roster';
import { notesOn } from '@app/worker/store/notes';
import type { Db } from '@app/worker/store/result';
import { athleteScoringInput, loadAthlete, loadCoachRequest, requestScoringInput } from '@app/worker/store/scoring-inputs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, liveSessionSql, requireRole, sessionCookieHash, type LiveSessionRow } from '../auth/session.ts';
import { csvResponse, fileNamePart, linkOrigin, sendCsv } from '../lib/csv.ts';
import { notFound } from '../lib/http-errors.ts';
import { filtersKey, ListCache, wantsFreshRead } from '../lib/list-cache.ts';
import { isUuid } from '../lib/ids.ts';
import { ATHLETE_NOT_FOUND, REQUEST_NOT_FOUND } from './coach.ts';
import { card } from './matches-index.ts';
import { athleteSearchAnswerSchema, errorResponses, explainAnswerSchema, matchFacetsSchema, type ExplainAnswer } from '@app/domain';

/**
 * The coach's tools around a request's ranked list (issue 18), off the list's hot path:
 * - GET …/matches/facets: counts per filter value over the request's visible listed athletes, each
 *   facet under the other filters set (what picking that value would show);
 * - GET …/matches/export.csv: the current view and filters as CSV;
 * - GET …/athlete-search?q=: completed athletes by name, for "Why not?";
 * - GET …/explain/{athleteId}: why a completed athlete is or is not listed, from `explainPair`.
 * Every route is the request owner's alone (decision A6: another coach's request is 404).
 */

/** Rows an export reads per statement: the whole list is streamed page by page (no cap). */
export const EXPORT_PAGE = 1000;
const SEARCH_RESULTS = 10;
/** How many facets (a request and its filters) are kept; each is a few KB of the heap. */
const KEPT_FACETS_MAX = 1_000;

const idParams = z.object({ id: z.string() });
const SUB_SCORE_COLUMNS = ['position', 'academics', 'lyfs', 'region', 'budget', 'extras'] as const;
const STATUS_TEXT: Record<MatchFilterStatus, string> = { 'not-shared': 'Not shared yet', pending: 'Pending', accepted: 'Matched' };

/** The coach's own live request's scoring row (its name, its scoring inputs), or 404 (decision A6). */
async function ownRequestRow(db: Db, requestId: string, coachId: string) {
  const row = isUuid(requestId) ? await loadCoachRequest(db, coachId, requestId) : undefined;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

export async function matchToolsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const coachOnly = requireRole('coach');
  // The facets built here, per app instance (ListCache): a filtered list screen reads them beside every page.
  const keptFacets = new ListCache<MatchFacets>({ maxSize: KEPT_FACETS_MAX, size: () => 1 });

  app.get(
    '/coach/requests/:id/matches/facets',
    { onRequest: coachOnly, schema: { params: idParams, querystring: matchFiltersSchema, response: { 200: matchFacetsSchema, ...errorResponses } } },
    async (request): Promise<MatchFacets> => {
      const { db } = app.services;
      const { id } = request.params;
      // The generation is read before the counts: counts newer than it are only ever read again.
      const generation = isUuid(id) ? await requestListGeneration(db, id, currentUser(request).id) : undefined;
      if (generation === undefined) throw notFound(REQUEST_NOT_FOUND);
      const filters = request.query;
      const key = `${id}|${filtersKey(filters)}`;
      const kept = wantsFreshRead(request) ? undefined : keptFacets.get(key);
      if (kept?.generation === generation) return kept.value;
      const rows = await facetCounts(db, id, filters, GPA_FILTER_STEPS);
      const facets = emptyMatchFacets(GPA_FILTER_STEPS);
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
      keptFacets.set(key, generation, facets);
      return facets;
    },
  );

  app.get(
    '/coach/requests/:id/matches/export.csv',
    {
      onRequest: coachOnly,
      schema: {
        params: idParams,
        querystring: z.object({ view: matchViewSchema, ...matchFiltersSchema.shape }),
        response: { 200: csvResponse('The ranked list'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db, config } = app.services;
      const coachId = currentUser(request).id;
      const requestRow = await ownRequestRow(db, request.params.id, coachId);
      const { id } = requestRow;
      const { view, ...filters } = request.query;
      const origin = linkOrigin(request, config.PUBLIC_ORIGIN);
      // Named by its request, so a coach's downloads of several lists tell themselves apart.
      const { positions, teamCategories } = requestScoringInput(requestRow);
      const fileName = `matches-${fileNamePart(requestName('en', { positions: positions ?? [], teamCategories: teamCategories ?? [] }, 'any position'))}-${view}`;
      const header = [
        'Rank',
        'Name',
        'Score',
        ...SUB_SCORE_COLUMNS.map((c) => `${c === 'lyfs' ? 'LYFS' : c[0].toUpperCase() + c.slice(1)} %`),
        'Position',
        'GPA',
        'League',
        'Nationality',
        'Match status',
        'Profile',
        'Your note',
      ];
      const session = liveSessionSql(sessionCookieHash(request)!);
      const pageSize = view === 'top15' ? TOP_VIEW_SIZE : EXPORT_PAGE;
      // The list's own read (the session's coach, the view's order, the filters), page by page: the
      // CSV is what the screen shows, every row of it, streamed. Each page starts after the
      // previous page's last row (keyset paging), so every statement enters the view's index at
      // its page and the walk stays linear in the list's length.
      async function* pages() {
        let after: PageKey | null = null;
        for (let before = 0; ; before += pageSize) {
          const { page } = await readPage<LiveSessionRow>(db, id, session, view, pageSize, after ?? 0, filters);
          const notes = await notesOn(
            db,
            coachId,
            page.map((row) => row.athlete_id),
          );
          yield page.map((row, i) => {
            const athlete = card(row);
            return [
              before + i + 1,
              athlete.name,
              row.score,
              ...SUB_SCORE_COLUMNS.map((c) => row[`sub_${c}`]),
              athlete.primaryPosition,
              athlete.gpa === null ? '' : athlete.gpa.toFixed(1),
              athlete.league,
              athlete.nationality,
              row.match_status === null ? STATUS_TEXT['not-shared'] : (STATUS_TEXT[row.match_status as MatchFilterStatus] ?? row.match_status),
              `${origin}/coach/athletes/${row.athlete_id}`,
              notes.get(row.athlete_id) ?? '',
            ];
          });
          if (page.length < pageSize || view === 'top15') return;
          after = pageKeyOf(page[page.length - 1], view);
        }
      }
      return sendCsv(reply, fileName, header, pages());
    },
  );

  app.get(
    '/coach/requests/:id/athlete-search',
    {
      onRequest: coachOnly,
      schema: {
        params: idParams,
        querystring: z.object({ q: searchTextSchema.pipe(z.string().min(2, 'Type at least 2 letters of the name')) }),
        response: { 200: athleteSearchAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { db } = app.services;
      await ownRequestRow(db, request.params.id, currentUser(request).id);
      // Completed athletes only: a coach sees no other athlete (decision A6).
      const rows = await searchCompletedAthletes(db, request.query.q, SEARCH_RESULTS);
      return { athletes: rows.map((r) => ({ id: r.id, name: r.full_name, primaryPosition: r.primary_position, nationality: r.nationality, age: r.age })) };
    },
  );

  app.get(
    '/coach/requests/:id/explain/:athleteId',
    {
      onRequest: coachOnly,
      schema: { params: z.object({ id: z.string(), athleteId: z.string() }), response: { 200: explainAnswerSchema, ...errorResponses } },
    },
    async (request): Promise<ExplainAnswer> => {
      const { db } = app.services;
      const requestRow = await ownRequestRow(db, request.params.id, currentUser(request).id);
      const { athleteId } = request.params;
      if (!isUuid(athleteId)) throw notFound(ATHLETE_NOT_FOUND);
      const [athleteRow, matchStatus, name] = await Promise.all([
        loadAthlete(db, athleteId),
        pairStatus(db, requestRow.id, athleteId),
        athleteName(db, athleteId),
      ]);
      if (!athleteRow || !athleteRow.profile_completed || name === undefined) throw notFound(ATHLETE_NOT_FOUND);
      // The same inputs and scoring function the index job uses (worker/src/processors/index-jobs.ts).
      const explanation = explainPair(resolveAthlete(athleteScoringInput(athleteRow)), resolveRequest(requestScoringInput(requestRow)));
      return { athlete: { id: athleteId, name }, explanation, matchStatus };
    },
  );
}
