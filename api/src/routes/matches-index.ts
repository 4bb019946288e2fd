import {
  athleteAnswered,
  athleteDisplayName,
  athleteStandingsSchema,
  requestName,
  type AthleteStandings,
  highlightAthleteOf,
  hasMatchFilters,
  matchFiltersSchema,
  PAGE_CURSOR_MESSAGES,
  matchViewSchema,
  resolveLeague,
  TOP_VIEW_SIZE,
  validGpa,
  writeHighlights,
  type HiddenMatch,
  type MatchCardAthlete,
  type MatchState,
  type MatchView,
  type PairScore,
  type RankedMatch,
  type RequestMatchesPage,
} from '@app/domain';
import {
  countVisible,
  listedScoreOf,
  pageKeyOf,
  readHidden,
  readListState,
  readStandings,
  readPage,
  requestIndexState,
  type CardRow,
  type PageKey,
  type RequestState,
} from '@app/worker/store/match-scores';
import { completedAthleteCount } from '@app/worker/store/roster';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adoptSession, currentUser, liveSessionSql, readsSessionWithData, requireRole, sessionCookieHash, type LiveSessionRow } from '../auth/session.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { ATHLETE_NOT_FOUND, REQUEST_NOT_FOUND } from './coach.ts';
import { errorResponses, requestHiddenSchema, requestMatchesPageSchema, type RequestHidden } from '@app/domain';
import { precompiledSerializerCompiler } from '../lib/precompiled-serializer.ts';
import { refreshedValue } from '../lib/refreshed-value.ts';
import { filtersKey, ListCache, wantsFreshRead } from '../lib/list-cache.ts';

/**
 * GET /api/coach/requests/{id}/matches?view=top15|all|position
 *
 * A request's ranked athletes, read straight from the match index (match_scores) that the worker
 * keeps fresh; nothing is scored here. One indexed query per list:
 * - top15 / all: score desc, athlete updatedAt desc, athlete id (decision S12), served by
 *   match_scores_rank_idx;
 * - position: exact primary, other primary, secondary, each by rank (S13), served by
 *   match_scores_position_idx (the tier expression below must match the index's).
 * Declined athletes are left out of the views (S13); a page says how many (`hiddenCount`) and
 * GET …/hidden lists them when the coach opens the Hidden list.
 * `status` is 'computing' while the worker has not yet indexed the request's current version.
 * 'all' and 'position' are paged by cursor (keyset paging, issue 22): every page answers
 * `nextCursor`, the opaque `after` of the next one, which holds its last row's sort key in the
 * view's order (athlete_updated_at to the microsecond), the view and the row's rank; the next
 * page's read enters the view's index right after that key, so a deep page (or the CSV export's
 * walk) costs what the first one does. A cursor that does not decode, or was made for another
 * view, is a 400. `offset` paging stays accepted (Postgres then walks and drops every row before
 * the page); `after` with a non-zero `offset` is a 400. `total` counts every visible listed athlete
 * of the unfiltered 'all' and 'position' lists, from the request's stored count
 * (match_request_counts), so their cost does not grow with the list.
 * top15 reads 16 rows (to say whether more follow) and counts nothing, so its cost does not grow
 * with the number of listed athletes (DESIGN.md: p99 under 15 ms at 100,000 athletes).
 * Filters (position, nationality, league, minGpa, hasVideo, status; issue 18) narrow the page in
 * the same statement, keeping the view's order; without any, the statement's text is the
 * unfiltered one. A filtered list is not counted (`total` null): the facets (GET …/matches/facets,
 * which the list screen fetches beside it) count it exactly, under every filter and per value.
 * A page once built is kept (ListCache, per process) under the request's list generation, which
 * its statement reads with it; a later read of the same page reads only the state (session,
 * request, generation, counts) and answers the kept page while the generation holds.
 * The statements live in worker/src/store/match-scores.ts.
 */

export const MATCHES_PAGE_DEFAULT = 50;
export const MATCHES_PAGE_MAX = 200;
/** The longest `after` taken (the API's cursors are about 150 characters). */
const CURSOR_MAX_LENGTH = 256;
/** The completed-profile count changes slowly; a short cache (refreshed in the background) keeps it off the hot path. */
const POOL_SIZE_TTL_MS = 5000;

const querySchema = z.object({
  view: matchViewSchema,
  limit: z.coerce
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'Minimum is 1')
    .max(MATCHES_PAGE_MAX, `Maximum is ${MATCHES_PAGE_MAX}`)
    .optional(),
  offset: z.coerce.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(0, 'Minimum is 0').optional(),
  after: z
    .string()
    .max(CURSOR_MAX_LENGTH, `Must be ${CURSOR_MAX_LENGTH} characters or fewer`)
    .optional()
    .describe("A page's `nextCursor`: the page after it ('all' and 'position')"),
  ...matchFiltersSchema.shape,
});

/**
 * A keyset cursor: base64url of JSON with short keys — the view `v`, the rank `r` of the row it
 * was made from (1 = the list's first), and that row's sort key (PageKey): tier `t` ('position'
 * only), score `s`, athlete_updated_at in epoch microseconds `u`, athlete id `i`. Opaque to
 * clients: only a cursor this API wrote decodes (it must re-encode to the very same text).
 */
const cursorSchema = z.strictObject({
  v: z.enum(['all', 'position']),
  r: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  t: z.number().int().min(0).max(3).optional(),
  s: z.number(),
  u: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  i: z.string().refine(isUuid),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (view: Cursor['v'], rank: number, key: PageKey): string =>
  Buffer.from(
    JSON.stringify({ v: view, r: rank, ...(key.tier === undefined ? {} : { t: key.tier }), s: key.score, u: key.updatedUs, i: key.athleteId }),
  ).toString('base64url');

/** A page's `after` as where it starts (the key of the row before it, that row's rank), or a 400. */
function decodeCursor(after: string, view: MatchView): { key: PageKey; rank: number } {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(PAGE_CURSOR_MESSAGES.invalid);
  }
  const parsed = cursorSchema.safeParse(payload);
  if (!parsed.success || (parsed.data.t === undefined) !== (parsed.data.v === 'all')) throw badRequest(PAGE_CURSOR_MESSAGES.invalid);
  const { v, r, t, s, u, i } = parsed.data;
  const key: PageKey = { ...(t === undefined ? {} : { tier: t }), score: s, updatedUs: u, athleteId: i };
  if (encodeCursor(v, r, key) !== after) throw badRequest(PAGE_CURSOR_MESSAGES.invalid);
  if (v !== view) throw badRequest(PAGE_CURSOR_MESSAGES.otherView);
  return { key, rank: r };
}

/**
 * How many rows of pages the list reads keep (ListCache): a kept row is about 1.1 KB of the heap
 * (measured on the benchmark's data), so about 11 MB, 200 pages of 50, within the API's memory cap.
 */
const KEPT_ROWS_MAX = 10_000;

/** A page as built from its rows: what a later read of the same page answers again while its list is unchanged. */
interface KeptPage {
  matches: RankedMatch[];
  hasMore: boolean;
  nextCursor: string | null;
}

const text = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);

export function card(row: CardRow): MatchCardAthlete {
  return {
    id: row.athlete_id,
    name: athleteDisplayName(text(row.full_name) ?? undefined, text(row.email) ?? undefined, row.athlete_id),
    photoUrl: text(row.photo),
    age: row.age,
    nationality: text(row.nationality),
    league: text(row.league_label) ?? resolveLeague(row.league_value)?.label ?? null,
    gpa: validGpa(row.gpa_value),
    isTransfer: row.is_transfer,
    hasVideo: row.has_video,
    primaryPosition: row.primary_position,
  };
}

/** The coach's match with the player; none while the player is in the pool, never shared (M7). */
export function matchState(row: CardRow): MatchState | null {
  if (!row.match_id || !row.match_status) return null;
  return {
    id: row.match_id,
    status: row.match_status,
    autoResolved: row.match_auto_resolved === true,
    athleteAnswered: athleteAnswered({ status: row.match_status, setBy: row.match_status_by }),
    updatedAt: new Date(row.match_updated_at!).toISOString(),
  };
}

/** A listed row's highlights in words: the stored facts with the athlete's current details. */
const highlightsOf = (row: CardRow, scored: PairScore) =>
  writeHighlights(
    scored,
    highlightAthleteOf({ primaryPosition: row.primary_position, secondaryPosition: row.secondary_position, gpa: row.gpa_value, leagueLevel: row.league_value }),
  );

export function rankedMatch(row: CardRow): RankedMatch {
  const scored = listedScoreOf(row)!; // a visible listed athlete always has its index row
  return {
    athlete: card(row),
    score: scored.score,
    subScores: scored.subScores,
    positionMatch: scored.positionMatch,
    positionExact: scored.positionExact,
    highlights: highlightsOf(row, scored),
    match: matchState(row),
  };
}

function hiddenMatch(row: CardRow): HiddenMatch {
  const scored = listedScoreOf(row); // null once the declined athlete is no longer listed
  return {
    athlete: card(row),
    score: scored?.score ?? null,
    subScores: scored?.subScores ?? null,
    positionMatch: scored?.positionMatch ?? null,
    positionExact: scored?.positionExact ?? false,
    highlights: scored ? highlightsOf(row, scored) : [],
    match: matchState(row)!,
  };
}

export async function matchesIndexRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Per app instance. A zero is never cached: the empty state must end as soon as profiles exist.
  const poolSize = refreshedValue(() => completedAthleteCount(app.services.db), {
    ttlMs: POOL_SIZE_TTL_MS,
    keep: (value) => value > 0,
    onRefreshError: (error) => app.log.warn({ err: error }, 'completed-athlete count not refreshed'),
  });

  // Pages built here, per app instance (KEPT_ROWS_MAX).
  const keptPages = new ListCache<KeptPage>({ maxSize: KEPT_ROWS_MAX, size: (page) => page.matches.length });

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
      const { view, limit: _limit, offset: _offset, after, ...filters } = request.query;
      const limit = view === 'top15' ? TOP_VIEW_SIZE : (request.query.limit ?? MATCHES_PAGE_DEFAULT);
      if (after !== undefined && request.query.offset) throw badRequest(PAGE_CURSOR_MESSAGES.withOffset);
      const cursor = after === undefined ? null : decodeCursor(after, view);
      const offset = cursor ? cursor.rank : view === 'top15' ? 0 : (request.query.offset ?? 0);
      if (!isUuid(id)) {
        await guard.call(app, request, reply);
        throw notFound(REQUEST_NOT_FOUND);
      }
      // top15 counts nothing; a filtered list's count is the facets' (GET …/matches/facets).
      const counting = view !== 'top15' && !hasMatchFilters(filters);
      const answer = (state: RequestState, total: number | null, hiddenCount: number, page: KeptPage, pool: number): RequestMatchesPage => ({
        status: BigInt(state.request_indexed_version) >= BigInt(state.request_version) ? 'ready' : 'computing',
        computedAt: state.request_indexed_at ? new Date(state.request_indexed_at).toISOString() : null,
        view,
        total,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
        offset,
        limit,
        matches: page.matches,
        hiddenCount,
        poolSize: pool,
      });
      // No list read for this session: no live coach session (the guard answers 401/403), or not this
      // coach's live request (404). Else the request's state, read on its own.
      const guardedState = async (): Promise<RequestState> => {
        await guard.call(app, request, reply);
        const state = await requestIndexState(db, id, request.user!.id);
        if (!state) throw notFound(REQUEST_NOT_FOUND);
        return state;
      };
      // A page built before answers while the list's generation has not moved (ListCache).
      const pageKey = `${id}|${view}|${limit}|${after ?? offset}|${filtersKey(filters)}`;
      const kept = wantsFreshRead(request) ? undefined : keptPages.get(pageKey);
      if (kept) {
        const [now, pool] = await Promise.all([readListState<LiveSessionRow>(db, id, liveSessionSql(sessionHash), counting), poolSize()]);
        if (now.state && now.generation === kept.generation) {
          await adoptSession(request, sessionHash, now.state);
          return answer(now.state, now.total, now.hiddenCount, kept.value, pool);
        }
        // Not this session's to read: refused before any page is read.
        if (!now.state) await guardedState();
        // Moved: read below, and kept again under the new generation.
      }
      const [{ page: rows, state: read, generation, hiddenCount, total: counted }, pool] = await Promise.all([
        readPage<LiveSessionRow>(db, id, liveSessionSql(sessionHash), view, limit + 1, cursor?.key ?? offset, filters, counting),
        poolSize(),
      ]);
      const hasMore = rows.length > limit;
      const page: KeptPage = {
        matches: rows.slice(0, limit).map(rankedMatch),
        hasMore,
        nextCursor: hasMore && view !== 'top15' ? encodeCursor(view, offset + limit, pageKeyOf(rows[limit - 1], view)) : null,
      };
      let state: RequestState;
      let total = counted;
      if (read) {
        await adoptSession(request, sessionHash, read);
        state = read;
        if (generation !== null) keptPages.set(pageKey, generation, page);
      } else {
        // Nothing read (see guardedState; or the request came to be since the read: then it is read on its own).
        state = await guardedState();
        if (counting) total = await countVisible(db, id, liveSessionSql(sessionHash));
      }
      return answer(state, total, hiddenCount, page, pool);
    },
  );

  /**
   * GET /api/coach/requests/{id}/hidden: the request's Hidden list (decision S13), read when the
   * coach opens it (the list reads above carry its length only). 404 for another coach's request.
   */
  app.get(
    '/coach/requests/:id/hidden',
    {
      onRequest: readsSessionWithData,
      schema: { params: z.object({ id: z.string() }), response: { 200: requestHiddenSchema, ...errorResponses } },
    },
    async (request, reply): Promise<RequestHidden> => {
      const { id } = request.params;
      const sessionHash = sessionCookieHash(request)!;
      if (isUuid(id)) {
        const { hidden, state } = await readHidden<LiveSessionRow>(app.services.db, id, liveSessionSql(sessionHash));
        if (state) {
          await adoptSession(request, sessionHash, state);
          return { hidden: hidden.map(hiddenMatch) };
        }
      }
      // No live coach session, or not this coach's request: the guard answers the first, a 404 the second.
      await guard.call(app, request, reply);
      throw notFound(REQUEST_NOT_FOUND);
    },
  );

  /**
   * GET /api/coach/athletes/{id}/standings: where a completed athlete stands in each of the coach's
   * live requests that lists them or has a match with them (their profile page shows it, with the
   * cards' Match and Decline). 404 for an athlete who is not completed, as their profile.
   */
  app.get(
    '/coach/athletes/:id/standings',
    { onRequest: guard, schema: { params: z.object({ id: z.string() }), response: { 200: athleteStandingsSchema, ...errorResponses } } },
    async (request): Promise<AthleteStandings> => {
      const { id } = request.params;
      const rows = isUuid(id) ? await readStandings(app.services.db, currentUser(request).id, id) : undefined;
      if (!rows) throw notFound(ATHLETE_NOT_FOUND);
      const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
      return {
        standings: rows.map((row) => ({
          requestId: row.request_id,
          requestName: requestName('en', { positions: texts(row.request_positions), teamCategories: texts(row.request_team_categories) }, 'Any position'),
          score: listedScoreOf(row)?.score ?? null,
          match: matchState(row),
        })),
      };
    },
  );
}
