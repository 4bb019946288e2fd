import { NEWS_DAYS, ROSTER_PAGE_SIZE, rosterQuerySchema, type AgentPlayer, type MatchStatus, type RosterPage, type RosterQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type RawBuilder } from 'kysely';
import { currentUser, requireRole } from '../auth/session.ts';
import { notFound } from '../lib/http-errors.ts';
import { athleteSummary, coachSummary, selectMatches, sharedMatch, type MatchRow } from './matches.ts';
import { agentDashboardSchema, agentMatchesSchema, errorResponses, rosterPageSchema, type MatchEvent } from '@app/domain';

export const AGENT_NOT_FOUND = 'Agent profile not found';

type StatusCounts = Record<MatchStatus, number>;
const zeroCounts = (): StatusCounts => ({ accepted: 0, pending: 0, declined: 0 });

const textList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Player (agent view), spec section 3. */
export function playerView(row: { id: string; full_name: string; age: number | null; primary_position: string | null; profile_completed: boolean; profile: unknown }): AgentPlayer {
  const p = row.profile as Record<string, unknown>;
  return {
    id: row.id,
    fullName: textOrNull(p.fullName) ?? row.full_name,
    profilePhotoUrl: textOrNull(p.profilePhotoUrl),
    age: row.age ?? numberOrNull(p.age),
    nationality: textOrNull(p.nationality),
    leagueLevelLabel: textOrNull(p.leagueLevelLabel),
    primaryPosition: row.primary_position ?? textOrNull(p.primaryPosition),
    gpa: numberOrNull(p.gpa),
    targetStartTerms: textList(p.targetStartTerms),
    preferredUsRegions: textList(p.preferredUsRegions),
    highlightVideoUrl: textOrNull(p.highlightVideoUrl),
    profileCompleted: row.profile_completed,
  };
}

interface EventRow {
  match_id: string;
  from_status: MatchStatus | null;
  to_status: MatchStatus;
  actor_role: MatchEvent['actorRole'];
  created_at: Date;
}

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
export async function agentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const agentOnly = requireRole('agent');

  async function loadAgent(id: string) {
    const agent = await app.services.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
    if (!agent) throw notFound(AGENT_NOT_FOUND);
    return agent;
  }

  app.get('/agent/dashboard', { onRequest: agentOnly, schema: { response: { 200: agentDashboardSchema, ...errorResponses } } }, async (request) => {
    const agent = await loadAgent(currentUser(request).id);
    const players = await app.services.db
      .selectFrom('athletes')
      .select(['id', 'full_name', 'age', 'primary_position', 'profile_completed', 'profile'])
      .where('agency', '=', agent.agency)
      .orderBy(sql`lower(full_name)`)
      .orderBy('id')
      .execute();
    return {
      agent: {
        firstName: agent.first_name,
        lastName: agent.last_name,
        email: agent.email,
        agency: agent.agency,
        agencyUrl: agent.agency_url,
        profilePhotoUrl: agent.profile_photo_url,
      },
      playerCount: players.length,
      players: players.map(playerView),
    };
  });

  // The roster, searched, filtered, sorted and paged in SQL (issue 18). Read only.
  app.get('/agent/players', { onRequest: agentOnly, schema: { querystring: rosterQuerySchema, response: { 200: rosterPageSchema, ...errorResponses } } }, async (request): Promise<RosterPage> => {
    const agent = await loadAgent(currentUser(request).id);
    const query = request.query;
    const where = rosterConditions(agent.agency, query);
    const offset = (query.page - 1) * ROSTER_PAGE_SIZE;
    const { db } = app.services;
    const [rows, count] = await Promise.all([
      sql<RosterRow>`
        with news as (${recentNews(agent.agency)})
        select a.id, a.full_name, a.age, a.primary_position, a.profile_completed, a.profile, a.updated_at,
               (select max(ms.score) from match_scores ms where ms.athlete_id = a.id) as best_score,
               coalesce(news.new_shares, 0)::int as new_shares, coalesce(news.answered, 0)::int as answered, news.at as news_at
        from athletes a left join news on news.athlete_id = a.id
        where ${where}
        order by ${ROSTER_ORDER[query.sort]}
        limit ${ROSTER_PAGE_SIZE} offset ${offset}`.execute(db),
      sql<{ n: string }>`select count(*) as n from athletes a where ${where}`.execute(db),
    ]);
    const ids = rows.rows.map((r) => r.id);
    const counts = ids.length
      ? await db
          .selectFrom('matches as m')
          .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
          .select(['m.athlete_id', 'm.status', (eb) => eb.fn.countAll<string>().as('n')])
          .where('m.athlete_id', 'in', ids)
          .where('r.deleted_at', 'is', null)
          .where(sharedMatch) // M8: a coach's private decline of a never-shared athlete is not the agent's
          .$narrowType<{ status: MatchStatus }>()
          .groupBy(['m.athlete_id', 'm.status'])
          .execute()
      : [];
    const byAthlete = new Map<string, StatusCounts>();
    for (const c of counts) (byAthlete.get(c.athlete_id) ?? byAthlete.set(c.athlete_id, zeroCounts()).get(c.athlete_id)!)[c.status] = Number(c.n);
    return {
      total: Number(count.rows[0]?.n ?? 0),
      page: query.page,
      pageSize: ROSTER_PAGE_SIZE,
      players: rows.rows.map((row) => ({
        ...playerView(row),
        updatedAt: new Date(row.updated_at).toISOString(),
        bestScore: row.best_score === null ? null : Number(row.best_score),
        matchCounts: byAthlete.get(row.id) ?? zeroCounts(),
        news: { newShares: row.new_shares, answered: row.answered },
      })),
    };
  });

  app.get('/agent/matches', { onRequest: agentOnly, schema: { response: { 200: agentMatchesSchema, ...errorResponses } } }, async (request) => {
    const agent = await loadAgent(currentUser(request).id);
    const { db } = app.services;
    // M8: only matches shared with the athlete, and their trail from the share on (a coach's
    // private decline and restore before sharing stay the coach's).
    const rows = await selectMatches(db)
      .where('a.agency', '=', agent.agency)
      .where(sharedMatch)
      .$narrowType<{ status: MatchStatus }>()
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.id')
      .execute();
    const events: EventRow[] = rows.length
      ? await db
          .selectFrom('match_events as e')
          .innerJoin('matches as m', 'm.id', 'e.match_id')
          .select(['e.match_id', 'e.from_status', 'e.to_status', 'e.actor_role', 'e.created_at'])
          .where('e.match_id', 'in', rows.map((r) => r.id))
          .where((eb) => eb('e.created_at', '>=', eb.ref('m.shared_at')))
          .$narrowType<{ to_status: MatchStatus }>()
          .orderBy('e.created_at')
          .orderBy('e.id')
          .execute()
      : [];

    const eventsByMatch = new Map<string, EventRow[]>();
    for (const e of events) {
      const list = eventsByMatch.get(e.match_id);
      if (list) list.push(e);
      else eventsByMatch.set(e.match_id, [e]);
    }

    const stats = { total: rows.length, byStatus: zeroCounts(), byAthlete: {} as Record<string, StatusCounts> };
    const matches = rows.map((row) => {
      stats.byStatus[row.status] += 1;
      (stats.byAthlete[row.athlete_id] ??= zeroCounts())[row.status] += 1;
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
        events: (eventsByMatch.get(row.id) ?? []).map((e) => ({
          fromStatus: e.from_status,
          toStatus: e.to_status,
          actorRole: e.actor_role,
          actorName: actorName(e.actor_role, row),
          at: new Date(e.created_at).toISOString(),
        })),
      };
    });
    return { matches, stats };
  });
}

interface RosterRow {
  id: string;
  full_name: string;
  age: number | null;
  primary_position: string | null;
  profile_completed: boolean;
  profile: unknown;
  updated_at: Date;
  best_score: number | null;
  new_shares: number;
  answered: number;
  news_at: Date | null;
}

const ROSTER_ORDER: Record<RosterQuery['sort'], RawBuilder<unknown>> = {
  // The first screen: athletes with something new (a share, an answer) first, the latest first.
  news: sql`news.at desc nulls last, lower(a.full_name), a.id`,
  name: sql`lower(a.full_name), a.id`,
  updated: sql`a.updated_at desc, a.id`,
  score: sql`best_score desc nulls last, lower(a.full_name), a.id`,
};

/** A shared match of a live request (a deleted request's matches are gone for everyone; M8). */
const liveMatchOf = (status?: MatchStatus) =>
  sql`exists (select 1 from matches m join coach_requests r on r.id = m.request_id and r.deleted_at is null
              where m.athlete_id = a.id and ${sharedMatch} ${status ? sql`and m.status = ${status}` : sql``})`;

/** The agency's athletes that pass the roster's search and filters (every value a parameter). */
function rosterConditions(agency: string, query: RosterQuery): RawBuilder<unknown> {
  const conditions = [sql`a.agency = ${agency}`];
  // The search's characters are letters, spaces and punctuation without LIKE wildcards (schema).
  if (query.q) conditions.push(sql`lower(a.full_name) like ${`%${query.q.toLowerCase()}%`}`);
  if (query.position) conditions.push(sql`a.primary_position = ${query.position}`);
  if (query.league) conditions.push(sql`a.profile->>'leagueLevel' = ${query.league}`);
  if (query.profile) conditions.push(sql`a.profile_completed = ${query.profile === 'complete'}`);
  if (query.hasMatches === 'yes') conditions.push(liveMatchOf());
  if (query.hasMatches === 'no') conditions.push(sql`not ${liveMatchOf()}`);
  if (query.matchStatus) conditions.push(liveMatchOf(query.matchStatus));
  return sql.join(conditions, sql` and `);
}

/**
 * News of the agency's athletes in the last NEWS_DAYS days, from the audit trail: matches shared
 * with them (the first event of a match that is not a coach's private decline, M8) and their answers.
 */
function recentNews(agency: string) {
  return sql`
    select e.athlete_id,
           count(*) filter (where e.from_status is null and e.to_status <> 'declined') as new_shares,
           count(*) filter (where e.actor_role = 'athlete') as answered,
           max(e.created_at) as at
    from (select m.athlete_id, ev.from_status, ev.to_status, ev.actor_role, ev.created_at
          from match_events ev
          join matches m on m.id = ev.match_id
          join coach_requests r on r.id = m.request_id and r.deleted_at is null
          join athletes na on na.id = m.athlete_id and na.agency = ${agency}
          where ev.created_at > now() - make_interval(days => ${NEWS_DAYS})) e
    where (e.from_status is null and e.to_status <> 'declined') or e.actor_role = 'athlete'
    group by e.athlete_id`;
}
