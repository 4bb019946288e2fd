import {
  agentMatchSchema,
  agentMatchesQuerySchema,
  accountLanguageSchema,
  DASHBOARD_ROSTER_PREVIEW,
  DASHBOARD_ROSTER_QUERY,
  HUB_PAGE_SIZE,
  inTermOrder,
  preferredLanguage,
  referenceName,
  ROSTER_PAGE_SIZE,
  shownScore,
  statusCountsSchema,
  rosterQuerySchema,
  validGpa,
  agentAthleteSchema,
  type AgentAthlete,
  type AgentMatch,
  type AgentPlayer,
  type CsvSeparator,
  type Language,
  type RosterPage,
  type StatusCounts,
} from '@app/domain';
import { findAgencyAthlete } from '@app/worker/store/athletes';
import { agencyMatches, type MatchRow } from '@app/worker/store/matches';
import {
  agentDashboardContext,
  agentHubContext,
  agentRosterPage,
  agentRosterState,
  rosterPage,
  type AgentRosterContext,
  type RosterRow,
} from '@app/worker/store/roster';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adoptSessionOf, currentUser, liveSessionSql, readsSessionWithData, requireRole, sessionCookieHash } from '../auth/session.ts';
import { athleteProfileView } from './athlete.ts';
import { ATHLETE_NOT_FOUND } from './coach.ts';
import { filtersKey, ListCache, wantsFreshRead } from '../lib/list-cache.ts';
import { compiledSerializer, precompiledSerializerCompiler } from '../lib/precompiled-serializer.ts';
import { z } from 'zod';
import { csvResponse, fileNamePart, linkOrigin, sendCsv } from '../lib/csv.ts';
import { notFound } from '../lib/http-errors.ts';
import { athleteSummary, coachSummary } from './matches.ts';
import { agentDashboardSchema, agentMatchesSchema, errorResponses, rosterPageSchema } from '@app/domain';

export const AGENT_NOT_FOUND = 'Agent profile not found';

/** The roster export reads this many athletes per statement. */
const ROSTER_EXPORT_PAGE = 1000;

/**
 * How many of a player's matches of each status their page shows: more than a coach's requests
 * ever share with one athlete (a request shares an athlete once).
 */
const PLAYER_MATCHES_MAX = 50;
/**
 * The roster export in the language of the screen it is downloaded from: its header, its words,
 * and for Spanish the separator and decimal comma Excel in Spanish reads (domain CsvSeparator).
 */
const ROSTER_CSV: Record<Language, { header: readonly string[]; complete: string; inProgress: string; separator: CsvSeparator }> = {
  en: {
    header: [
      'Name',
      'Position',
      'Age',
      'Nationality',
      'League',
      'GPA',
      'Profile',
      'Best score',
      'Matched',
      'Pending',
      'Declined',
      'Start terms',
      'Preferred regions',
      'Highlight video',
      'Last updated',
      'Player page',
    ],
    complete: 'Complete',
    inProgress: 'In progress',
    separator: ',',
  },
  es: {
    header: [
      'Nombre',
      'Posición',
      'Edad',
      'Nacionalidad',
      'Liga',
      'GPA',
      'Perfil',
      'Mejor puntuación',
      'Confirmados',
      'Pendientes',
      'Rechazados',
      'Inicio previsto',
      'Regiones preferidas',
      'Vídeo',
      'Última actualización',
      'Ficha del jugador',
    ],
    complete: 'Completo',
    inProgress: 'En curso',
    separator: ';',
  },
};
/** The export's query: the roster's, and the language of the screen (else the browser's). */
const rosterExportQuerySchema = rosterQuerySchema.extend({ lang: accountLanguageSchema.shape.language.optional() });

/**
 * How many roster pages the API keeps (ListCache): a page of 25 players is about 18 KB of the heap
 * (measured on the demo's data: 13 KB of JSON), so about 9 MB at most, within the API's memory cap.
 */
const KEPT_ROSTER_PAGES_MAX = 500;

/**
 * How many agencies' hub counts the API keeps (in KB of their `byAthlete` text, about 80 bytes an
 * athlete with matches: 64 KB at the benchmark's largest agency), within the API's memory cap.
 */
const KEPT_HUB_COUNTS_KB_MAX = 8 * 1024;

/** The hub's counts of an agency as answered (`byAthlete` as JSON text), kept under its roster generation. */
interface KeptHubCounts extends StatusCounts {
  agency: string;
  byAthlete: string;
}

/** A roster page as answered, with what it was read at (RosterVersion): the agency, and its oldest news. */
interface KeptRoster {
  agency: string;
  oldestNews: number | null;
  page: RosterPage;
}

const textList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Player (agent view), spec section 3, from the columns the store reads for it (a roster row has them all). */
export function playerView(row: Pick<RosterRow, 'id' | 'full_name' | 'age' | 'primary_position' | 'profile_completed' | 'profile'>): AgentPlayer {
  const p = row.profile;
  return {
    id: row.id,
    fullName: textOrNull(p.fullName) ?? row.full_name,
    profilePhotoUrl: textOrNull(p.profilePhotoUrl),
    age: row.age ?? numberOrNull(p.age),
    nationality: textOrNull(p.nationality),
    leagueLevelLabel: textOrNull(p.leagueLevelLabel),
    primaryPosition: row.primary_position ?? textOrNull(p.primaryPosition),
    gpa: validGpa(p.gpa),
    targetStartTerms: textList(p.targetStartTerms),
    preferredUsRegions: textList(p.preferredUsRegions),
    highlightVideoUrl: textOrNull(p.highlightVideoUrl),
    profileCompleted: row.profile_completed,
  };
}

/** A roster row's shared matches by status (the athlete's stored counts). */
const matchCountsOf = (row: Pick<RosterRow, 'shared'>): StatusCounts => ({ accepted: row.shared[0], pending: row.shared[1], declined: row.shared[2] });

/** Who made a change, in words: the match's coach or athlete, or the auto-accept preference. */
function actorName(role: string, match: MatchRow): string {
  if (role === 'coach') return `${match.coach_first_name} ${match.coach_last_name}`.trim();
  if (role === 'athlete') return match.full_name;
  return 'Auto-accept preference';
}

/**
 * The agent's workspace: their agency's athletes and the matches coaches shared with them
 * (read only, decision A6). An agent sees athletes whose agency is theirs, nothing else.
 */
/** A match of the agency's as the agent reads it (the hub, a player's page). */
function agentMatchView(row: Awaited<ReturnType<typeof agencyMatches>>[number]): AgentMatch {
  return {
    id: row.id,
    status: row.status,
    autoResolved: row.auto_resolved,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    requestId: row.request_id,
    athleteId: row.athlete_id,
    athlete: athleteSummary(row),
    // The coach's email is the "contact information" of a match both sides agreed to.
    coach: { ...coachSummary(row), email: row.status === 'accepted' ? row.coach_email : null },
    coachRequest: { positions: textList(row.positions), teamCategories: textList(row.team_categories), notes: row.notes ?? '' },
    events: row.events.map((e) => ({ ...e, actorName: actorName(e.actorRole, row), at: new Date(e.at).toISOString() })),
  };
}

export async function agentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /**
   * The session's agent and their agency, from one statement (`read`: the dashboard's
   * agentDashboardContext, or the hub's agentHubContext), the session adopted; without a live
   * agent session, answered as requireRole('agent') answers (401, 403). For the routes whose onRequest is
   * readsSessionWithData.
   */
  async function agentContext<Context extends AgentRosterContext>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (...args: Parameters<typeof agentHubContext>) => Promise<Context | undefined>,
    sessionHash = sessionCookieHash(request)!,
  ): Promise<Context & { agency: string }> {
    return adoptAgent(request, reply, sessionHash, await read(app.services.db, liveSessionSql(sessionHash)));
  }

  /** The agent of a context read with the session `sessionHash`, adopted; otherwise answered as agentContext says. */
  async function adoptAgent<Context extends AgentRosterContext>(
    request: FastifyRequest,
    reply: FastifyReply,
    sessionHash: string,
    context: Context | undefined,
  ): Promise<Context & { agency: string }> {
    await adoptSessionOf('agent', request, reply, sessionHash, context);
    if (!context?.agency) throw notFound(AGENT_NOT_FOUND);
    return { ...context, agency: context.agency };
  }

  app.get(
    '/agent/dashboard',
    {
      onRequest: readsSessionWithData,
      schema: { response: { 200: agentDashboardSchema, ...errorResponses } },
      // Read on every visit of the agent's home: written by a serializer compiled from its schema.
      serializerCompiler: precompiledSerializerCompiler,
    },
    async (request, reply) => {
      // The agent, the exact counts (one statement), and a preview of the roster's first screen
      // (complete profiles, news first): the whole roster is paged at /agent/players. Sent whole,
      // Eture's 47,070 athletes at the benchmark's size made a response of megabytes and a page of
      // tens of thousands of cards.
      const agent = await agentContext(request, reply, agentDashboardContext);
      // Only the preview's athletes are read, and not counted (the context has the exact counts):
      // a whole first page with its count, capped at ROSTER_COUNT_CAP, walked a thousand names.
      const firstScreen = await rosterPage(app.services.db, agent.agency, rosterQuerySchema.parse(DASHBOARD_ROSTER_QUERY), 0, DASHBOARD_ROSTER_PREVIEW);
      const { accepted, pending, declined } = agent;
      return {
        // An agent's context with its agency has their profile (agentDashboardContext).
        agent: {
          firstName: agent.first_name!,
          lastName: agent.last_name!,
          email: agent.email!,
          agency: agent.agency,
          agencyUrl: agent.agency_url!,
          profilePhotoUrl: agent.profile_photo_url,
        },
        playerCount: agent.athletes,
        completedCount: agent.athletes - agent.incomplete,
        players: firstScreen.rows.map((row) => ({ ...playerView(row), matchCounts: matchCountsOf(row) })),
        matchStats: { total: accepted + pending + declined, byStatus: { accepted, pending, declined } },
      };
    },
  );

  /**
   * What `cache` keeps under `key` for the agent of the session `sessionHash` (a roster page, the
   * hub's counts), when it still holds: kept for the agency the session's agent is of now, under the
   * agency's roster generation now (agentRosterState: one small statement), and `holds` at the news
   * window's start now. The session is then adopted. Undefined when nothing is kept, the request asks for a fresh
   * read (wantsFreshRead), or it no longer holds: the caller reads it again. A session that ended
   * is refused here (401), before anything is read.
   */
  async function keptForAgent<Value extends { agency: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    sessionHash: string,
    cache: ListCache<Value>,
    key: string,
    holds: (value: Value, newsSince: number) => boolean = () => true,
  ): Promise<Value | undefined> {
    const kept = wantsFreshRead(request) ? undefined : cache.get(key);
    if (!kept) return undefined;
    const now = await agentRosterState(app.services.db, liveSessionSql(sessionHash));
    if (now && now.context.agency === kept.value.agency && now.generation === kept.generation && holds(kept.value, now.newsSince)) {
      await adoptAgent(request, reply, sessionHash, now.context);
      return kept.value;
    }
    if (!now) await adoptAgent(request, reply, sessionHash, undefined);
    return undefined;
  }

  // Roster pages built here, per app instance (KEPT_ROSTER_PAGES_MAX), by session and query.
  const keptRosters = new ListCache<KeptRoster>({ maxSize: KEPT_ROSTER_PAGES_MAX, size: () => 1 });

  // The roster, searched, filtered, sorted and paged in SQL (issue 18). Read only. One statement
  // per read: the page with the session and the agent's agency (agentRosterPage); an empty page
  // reads them with its count. A page with rows once built is kept and answered again while the
  // agency's roster generation holds, checked with one small statement (agentRosterState).
  app.get(
    '/agent/players',
    {
      onRequest: readsSessionWithData,
      schema: { querystring: rosterQuerySchema, response: { 200: rosterPageSchema, ...errorResponses } },
      // Searched as often as a ranked list is read: the page is written by a serializer compiled from its schema.
      serializerCompiler: precompiledSerializerCompiler,
    },
    async (request, reply): Promise<RosterPage> => {
      const query = request.query;
      const sessionHash = sessionCookieHash(request)!;
      const pageKey = `${sessionHash}|${filtersKey(query)}`;
      // A kept page also holds only while the news it counts or orders by is in the window.
      const kept = await keptForAgent(
        request,
        reply,
        sessionHash,
        keptRosters,
        pageKey,
        ({ oldestNews }, newsSince) => oldestNews === null || newsSince < oldestNews,
      );
      if (kept) return kept.page;
      const { context, roster, version } = await agentRosterPage(app.services.db, liveSessionSql(sessionHash), query);
      const { agency } = await adoptAgent(request, reply, sessionHash, context);
      const { total, totalCapped, rows } = roster;
      const page: RosterPage = {
        total,
        ...(totalCapped ? { totalCapped } : {}),
        page: query.page,
        pageSize: ROSTER_PAGE_SIZE,
        players: rows.map((row) => ({
          ...playerView(row),
          updatedAt: new Date(row.updated_at).toISOString(),
          bestScore: row.best_score === null ? null : Number(row.best_score),
          matchCounts: matchCountsOf(row),
          news: { newShares: row.news[0], answered: row.news[1] },
        })),
      };
      if (version) keptRosters.set(pageKey, version.generation, { agency, oldestNews: version.oldestNews, page });
      return page;
    },
  );

  // The roster as CSV: the view on screen (search, filters, sort), every page of it, for the
  // agency's own spreadsheets. Read page by page as the screen reads it; a download is rare, so
  // nothing is kept.
  app.get(
    '/agent/players/export.csv',
    {
      onRequest: readsSessionWithData,
      schema: { querystring: rosterExportQuerySchema, response: { 200: csvResponse("The agency's roster"), ...errorResponses } },
    },
    async (request, reply) => {
      const { db, config } = app.services;
      const origin = linkOrigin(request, config.PUBLIC_ORIGIN);
      const sessionHash = sessionCookieHash(request)!;
      const { agency } = await adoptAgent(request, reply, sessionHash, (await agentRosterState(db, liveSessionSql(sessionHash)))?.context);
      const { page: _shownPage, lang, ...view } = request.query;
      const language = lang ?? preferredLanguage(request.headers['accept-language']);
      const texts = ROSTER_CSV[language];
      // Spanish spreadsheets read a decimal comma.
      const decimal = (value: number, digits?: number) => {
        const text = digits === undefined ? String(value) : value.toFixed(digits);
        return language === 'es' ? text.replace('.', ',') : text;
      };
      const names = (list: 'terms' | 'regions', values: readonly string[]) => values.map((v) => referenceName(language, list, v)).join(', ');
      async function* pages() {
        for (let page = 1; ; page++) {
          // countCap 0: the pages need no total.
          const { rows } = await rosterPage(db, agency, { ...view, page }, 0, ROSTER_EXPORT_PAGE);
          yield rows.map((row) => {
            const player = playerView(row);
            const shared = matchCountsOf(row);
            return [
              player.fullName,
              player.primaryPosition && referenceName(language, 'positions', player.primaryPosition),
              player.age,
              player.nationality,
              player.leagueLevelLabel,
              player.gpa === null ? '' : decimal(player.gpa, 1),
              player.profileCompleted ? texts.complete : texts.inProgress,
              // As the roster shows it (S14: at most 100).
              row.best_score === null ? '' : decimal(shownScore(Number(row.best_score))),
              shared.accepted,
              shared.pending,
              shared.declined,
              names('terms', inTermOrder(player.targetStartTerms)),
              names('regions', player.preferredUsRegions),
              player.highlightVideoUrl,
              new Date(row.updated_at).toISOString().slice(0, 10),
              `${origin}/agent/players/${row.id}`,
            ];
          });
          if (rows.length < ROSTER_EXPORT_PAGE) return;
        }
      }
      // Named by the agency: "roster-eture-<date>.csv".
      return sendCsv(reply, ['roster', fileNamePart(agency)].filter(Boolean).join('-'), texts.header, pages(), texts.separator);
    },
  );

  // The hub's counts (every match of the agency, and per athlete) were rebuilt on every page read:
  // at the benchmark's largest agency, a 64 KB text that took Postgres about 0.55 ms of each read.
  // They are kept per session, as the roster's pages are, and answered again while the agency's
  // roster generation (whose sources hold the counts) has not moved; Cache-Control: no-cache
  // reads them again.
  const keptHubCounts = new ListCache<KeptHubCounts>({ maxSize: KEPT_HUB_COUNTS_KB_MAX, size: (counts) => Math.ceil(counts.byAthlete.length / 1024) });

  /** The hub's counts for the session's agent (the session adopted, as agentContext does): kept ones while they hold (keptForAgent), else read. */
  async function hubCounts(request: FastifyRequest, reply: FastifyReply): Promise<KeptHubCounts> {
    const sessionHash = sessionCookieHash(request)!;
    const kept = await keptForAgent(request, reply, sessionHash, keptHubCounts, sessionHash);
    if (kept) return kept;
    const hub = await agentContext(request, reply, agentHubContext, sessionHash);
    const counts: KeptHubCounts = { agency: hub.agency, pending: hub.pending, accepted: hub.accepted, declined: hub.declined, byAthlete: hub.by_athlete };
    if (hub.roster_settled) keptHubCounts.set(sessionHash, hub.roster_generation, counts);
    return counts;
  }

  // The hub's answer is written in parts: the page's matches by the compiled serializer, the counts
  // by hand, and `stats.byAthlete` as Postgres wrote it (agentHubContext): at a large agency it is
  // hundreds of athletes (about 90 KB), and reading, building and serializing it was most of the
  // route's CPU. The route's schema still describes the answer (OpenAPI, refusals); tests check
  // the written answer against it.
  const writeMatches = compiledSerializer(z.array(agentMatchSchema));
  const writeCounts = compiledSerializer(statusCountsSchema);
  app.get(
    '/agent/matches',
    {
      onRequest: readsSessionWithData,
      schema: { querystring: agentMatchesQuerySchema, response: { 200: agentMatchesSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const hub = await hubCounts(request, reply);
      // M8: only matches shared with the athlete, and their trail from the share on.
      const { status, page } = request.query;
      const rows = await agencyMatches(app.services.db, hub.agency, { status, page, pageSize: HUB_PAGE_SIZE });
      const matches = rows.map(agentMatchView);
      // The counts are of all the agency's matches, not of the page.
      const { pending, accepted, declined } = hub;
      const stats = `{"total":${pending + accepted + declined},"byStatus":${writeCounts({ pending, accepted, declined })},"byAthlete":${hub.byAthlete}}`;
      // Sent as written: a string with a JSON content type is not serialized again (the plain reply type takes it).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(`{"matches":${writeMatches(matches)},"stats":${stats}}`);
    },
  );

  // One of the agency's athletes in full, with the matches shared with them (decisions A6, M8).
  // Any other athlete, or a malformed id, is not found.
  app.get(
    '/agent/athletes/:id',
    { onRequest: requireRole('agent'), schema: { params: z.object({ id: z.string() }), response: { 200: agentAthleteSchema, ...errorResponses } } },
    async (request): Promise<AgentAthlete> => {
      const { db } = app.services;
      const row = await findAgencyAthlete(db, currentUser(request).id, request.params.id);
      if (!row?.agency) throw notFound(ATHLETE_NOT_FOUND);
      const matches = await agencyMatches(db, row.agency, { athleteId: row.id, page: 1, pageSize: PLAYER_MATCHES_MAX });
      // The response schema leaves out what is the athlete's own (the budget reminder).
      return { player: athleteProfileView(row), matches: matches.map(agentMatchView) };
    },
  );
}
