import { foldName, NEWS_DAYS, ROSTER_COUNT_CAP, ROSTER_PAGE_SIZE, type MatchStatus, type RosterQuery } from '@app/domain';
import { sql, type RawBuilder } from 'kysely';
import { prepared } from '../db/prepared.ts';
import { agencyMatchTotalsSql, hasSharedMatches, liveRequest, type AgencyMatchTotals } from './matches.ts';
import { athleteJson, athleteText, type AthleteProfileKey } from './profile-sql.ts';
import type { LiveSessionRow } from './accounts.ts';
import type { Db } from './result.ts';

/**
 * Athletes by agency and by name: the agent's roster (issue 18: search, filters, sort, paging, in
 * SQL) and the coach's "Why not?" name search. Read only.
 *
 * Name search is `name_key like '%…%'` (name_key: fold_name(full_name), generated: lower case
 * without accents, migration 2026-12-07T06-00; the search text folded alike, domain foldName). The roster's
 * searches of four characters or more are served by the agency's trigram index (migration
 * 2026-11-26T14-00; searchesByAgencyTrigrams), shorter ones by the (agency, name_key, id) index
 * (migration 2026-11-23T18-00); the coach's search over all completed athletes by the trigram
 * index on name_key where pg_trgm exists. The search text's characters exclude LIKE wildcards
 * (domain searchTextSchema).
 */

/** Athletes whose name contains `q` (any case, with or without accents): name_key is the folded name, indexed (see the file comment). */
export const nameContains = (q: string, alias = 'a') => sql<boolean>`${sql.ref(`${alias}.name_key`)} like ${`%${foldName(q)}%`}`;

/**
 * The longest search whose roster count is stored (agency_name_counts, migration 2026-11-26T06-00):
 * searches of one to three characters match many names, so counting them walked most of a large
 * agency's names; their count is read instead, and exact.
 */
export const STORED_COUNT_SEARCH_MAX = 3;

/**
 * Whether a roster search is served by the agency's trigram index (agency_name_trigrams) rather
 * than by walking the agency's names: when it is longer than the searches whose count is stored.
 * Four characters make two trigrams, which find few of the agency's names (at 100k athletes:
 * "mart" 612 of Eture's 47,070, "rodri" 296); shorter searches match many names, which the walk
 * finds early enough to stop at the page's end, and their count is stored.
 */
export const searchesByAgencyTrigrams = (q: string) => [...q].length > STORED_COUNT_SEARCH_MAX;

/** The profile fields the agent's player view reads (api playerView). */
const PLAYER_PROFILE_KEYS = [
  'fullName',
  'profilePhotoUrl',
  'age',
  'nationality',
  'leagueLevelLabel',
  'primaryPosition',
  'gpa',
  'targetStartTerms',
  'preferredUsRegions',
  'highlightVideoUrl',
] as const satisfies readonly AthleteProfileKey[];

/**
 * The player view's part of the profile, as `profile` (a missing field reads as null): a whole
 * profile is about 1 KB of JSON to write out and parse per athlete, these fields a fraction of it.
 * json, not jsonb: it is only written out, and building jsonb first cost Postgres about a third more.
 */
const playerProfile = sql<
  Record<string, unknown>
>`json_build_object(${sql.join(PLAYER_PROFILE_KEYS.map((key) => sql`${sql.lit(key)}::text, ${athleteJson(key)}`))})`;

/** Columns of an athlete as the agent's player view reads them. */
const playerColumns = sql`a.id, a.full_name, a.age, a.primary_position, a.profile_completed, ${playerProfile} as profile`;

/** An athlete as the player view reads it. */
export interface PlayerRow {
  id: string;
  full_name: string;
  age: number | null;
  primary_position: string | null;
  profile_completed: boolean;
  profile: Record<string, unknown>;
}

export interface RosterRow extends PlayerRow {
  updated_at: Date;
  best_score: number | null;
  /** The athlete's news in the last NEWS_DAYS days: matches shared with them, their answers, and the oldest's time (newsOfAthlete). */
  news: [number, number, number | null];
  /** The athlete's shared matches of live requests: accepted, pending, declined (M8). */
  shared: [number, number, number];
  /** The roster's count (bigint: a string), the same on every row. */
  roster_count: string;
}

export interface RosterRead {
  total: number;
  /** True when a searched or filtered roster's count stopped at the cap: `total` is then "at least". */
  totalCapped: boolean;
  rows: RosterRow[];
}

/**
 * The orders of a roster page but 'news' (see rosterPage). Name and last updated are served by
 * athletes' indexes; best score, but in a trigram search, by athlete_best_scores' (rosterPage).
 */
const ROSTER_ORDER: Record<Exclude<RosterQuery['sort'], 'news'>, RawBuilder<unknown>> = {
  name: sql`a.name_key, a.id`,
  updated: sql`a.updated_at desc, a.id`,
  score: sql`best_score desc nulls last, a.name_key, a.id`,
};

/** ROSTER_ORDER as the unsearched page picks its athletes: best score on athlete_best_scores `b` and its index. */
const PICKING_ORDER: typeof ROSTER_ORDER = { ...ROSTER_ORDER, score: sql`b.best_score desc nulls last, b.name_key, b.athlete_id` };

/**
 * The athlete `a`'s best score over its listed rows, as stored (athlete_best_scores, refreshed
 * when the index jobs finish; migration 2026-11-27T08-00).
 */
const bestScore = sql`(select b.best_score from athlete_best_scores b where b.athlete_id = a.id)`;

/** The roster's news window: the last NEWS_DAYS days. */
const newsSince = sql`now() - make_interval(days => ${NEWS_DAYS})`;

/**
 * The news of athlete `a` in the window, [shares, answers, oldest]: matches shared with the athlete
 * and the athlete's answers on live requests, from the audit trail (match_event_is_news), and when
 * the oldest of them was (epoch seconds, null without news: the counts hold until it leaves the
 * window, which a kept page needs to know; RosterVersion). Read from
 * the entries of the athlete's events in the window alone (match_events_athlete_idx). A subquery
 * of the select list, so Postgres runs it for the page's rows only, after the sort (as a lateral
 * join it ran for every row the page was picked from).
 */
const newsOfAthlete = sql`(
  select array[count(*) filter (where ev.from_status is null and ev.to_status <> 'declined'),
               count(*) filter (where ev.actor_role = 'athlete'),
               extract(epoch from min(ev.created_at))]::float8[]
  from match_events ev
  where ev.athlete_id = a.id and ev.created_at > ${newsSince}
    and match_event_is_news(ev.from_status, ev.to_status, ev.actor_role) and ${liveRequest(sql`ev.request_id`)})`;

/**
 * A page's columns: the player, their best score, their news (newsOfAthlete), their shared matches
 * of live requests by status (M8: a coach's private decline of a never-shared athlete is not the
 * agent's; stored per athlete, athlete_match_counts), and the roster's count (see
 * rosterPage). Postgres runs a subquery the page is not sorted by for the page's rows only, after
 * the sort.
 */
const rosterColumns = sql`${playerColumns}, a.updated_at, ${bestScore} as best_score,
  ${newsOfAthlete} as news,
  coalesce((select array[c.accepted, c.pending, c.declined] from athlete_match_counts c where c.athlete_id = a.id), array[0, 0, 0]) as shared,
  (select n from roster_count) as roster_count`;

/**
 * One page of an agency's roster (`pageSize` athletes) with its total. The whole roster's count
 * and a short search's (up to STORED_COUNT_SEARCH_MAX characters, no filter) are exact (stored);
 * other searched or filtered ones are counted up to `countCap`, so a search on a large agency
 * stops counting early instead of reading every name (a `countCap` of 0 reads one name at most:
 * for a preview that shows no total).
 */
export async function rosterPage(db: Db, agency: string, query: RosterQuery, countCap = ROSTER_COUNT_CAP, pageSize = ROSTER_PAGE_SIZE): Promise<RosterRead> {
  return (await readRoster(db, { agency }, query, countCap, pageSize)).roster;
}

/**
 * The roster page of the session's agent (`liveSession`, the API's liveSessionSql), the session and
 * the agency read in the page's own statement (`ctx`): one statement per read where there are
 * rows, instead of the session's and then the page's. `context` is undefined without a live
 * session, and its agency null for another role's session or an agent without a profile (the
 * roster then empty). Each statement saved was about 0.15 ms of the API's CPU and as much of
 * Postgres's, more than its query (agentDashboardContext). `version` says what a page with rows
 * was read at, when it may be kept (RosterVersion); undefined otherwise.
 */
export async function agentRosterPage(
  db: Db,
  liveSession: RawBuilder<unknown>,
  query: RosterQuery,
  countCap = ROSTER_COUNT_CAP,
): Promise<{ context: AgentRosterContext | undefined; roster: RosterRead; version?: RosterVersion }> {
  return readRoster(db, { liveSession }, query, countCap);
}

/**
 * What a roster page was read at, for the API to keep it (api/src/routes/agent.ts): the agency's
 * roster generation (rosterGenerationSql) and the time of the oldest news the page counts or
 * orders by. A kept page holds while the agency's generation is the same and that news is still
 * in the window (agentRosterState: `newsSince < oldestNews`).
 */
export interface RosterVersion {
  generation: string;
  /** Epoch seconds; null when the page depends on no news. */
  oldestNews: number | null;
}

/**
 * The tables whose rows of an agency a roster page reads, each row stamped with the transaction
 * that last wrote it (`roster_change`), and the agency's tombstones of rows that left it
 * (migration 2026-12-05T15-00).
 */
const ROSTER_SOURCES = ['athletes', 'athlete_best_scores', 'athlete_news', 'athlete_match_counts', 'roster_tombstones'] as const;

/**
 * Whether every transaction of this database with an id below `latest` had ended in this
 * statement's snapshot (true when `latest` is null). The snapshot's xmin answers at once when it is
 * above `latest`. Else a snapshot lists the transactions running in every database of the server
 * (ids are the server's), and one of another database cannot write these tables: each running id
 * below `latest` must be seen running in another database (pg_stat_activity, read after the
 * snapshot). One not seen there (ended since, or of a prepared transaction) counts as this
 * database's, so the answer errs only towards "not settled". Without this, any transaction open
 * elsewhere on the server (another application's, another test file's) kept roster pages from
 * being kept.
 */
const settledBelow = (latest: RawBuilder<unknown>) => sql<boolean>`coalesce(
  case when pg_snapshot_xmin(pg_current_snapshot()) > ${latest} then true
  else not exists (
    select 1 from pg_snapshot_xip(pg_current_snapshot()) running
    where running < ${latest}
      and not exists (
        select 1 from pg_stat_activity elsewhere
        where elsewhere.backend_xid = running::xid
          and elsewhere.datid <> (select d.oid from pg_database d where d.datname = current_database())))
  end, true)`;

/**
 * The agency's roster generation, one row: `generation`, the greatest `roster_change` of each of
 * ROSTER_SOURCES' rows of the agency (one index entry each); `settled`, whether every transaction
 * of this database with a smaller id had ended in this statement's snapshot (settledBelow). Only a
 * page read when settled may be kept: any write after it has a greater id and so moves the
 * generation, where one still running with a smaller id would commit without moving it.
 * `oldest_news` is the agency's oldest news in the window (epoch seconds): the first screen's
 * order changes when it leaves, and `news_since` the window's start.
 */
const rosterGenerationSql = (agency: string | RawBuilder<string>) => {
  const greatest = ROSTER_SOURCES.map((table) => sql`(select max(x.roster_change) from ${sql.table(table)} x where x.agency = ${agency})`);
  const latest = sql`greatest(${sql.join(ROSTER_SOURCES.map((_, i) => sql.ref(`g.c${i}`)))})`;
  // `g` is read once: `offset 0` keeps Postgres from pulling it up into the select list, where each
  // greatest was looked up twice (for the generation and for `settled`).
  return sql`
    select concat_ws('/', ${sql.join(ROSTER_SOURCES.map((_, i) => sql`coalesce(g.${sql.ref(`c${i}`)}::text, '-')`))}) as generation,
      ${settledBelow(latest)} as settled,
      extract(epoch from (select min(n.news_at) from athlete_news n where n.agency = ${agency} and n.news_at > ${newsSince}))::float8 as oldest_news,
      extract(epoch from ${newsSince})::float8 as news_since
    from (select ${sql.join(greatest.map((max, i) => sql`${max} as ${sql.ref(`c${i}`)}`))} offset 0) g`;
};

/**
 * The session's agent and their agency's roster generation now (rosterGenerationSql), in one
 * statement: what a kept roster page is checked against before it is answered again. Undefined
 * without a live session.
 */
export async function agentRosterState(
  db: Db,
  liveSession: RawBuilder<unknown>,
): Promise<{ context: AgentRosterContext; generation: string; newsSince: number } | undefined> {
  const { rows } = await sql<AgentRosterContext & { generation: string; news_since: number }>`${prepared}
    with ctx as (${agentContextSql(liveSession)})
    select ctx.*, g.generation, g.news_since
    from ctx cross join lateral (${rosterGenerationSql(sql<string>`ctx.agency`)}) g`.execute(db);
  const row = rows[0];
  return row && { context: row, generation: row.generation, newsSince: row.news_since };
}

/** The agency's roster generation now (rosterGenerationSql). */
export async function agencyRosterGeneration(db: Db, agency: string): Promise<string> {
  const { rows } = await sql<{ generation: string }>`select g.generation from (${rosterGenerationSql(agency)}) g`.execute(db);
  return rows[0].generation;
}

/** The session's columns and agency, carried by each row of a roster page read with its session (ctx). */
const CARRIED_CONTEXT = sql`, ${sql.join(
  (['session_user_id', 'session_role', 'session_email', 'session_stale', 'agency'] as const satisfies readonly (keyof AgentRosterContext)[]).map(
    (column) => sql`(select ctx.${sql.ref(column)} from ctx) as ${sql.ref(column)}`,
  ),
)}, ${sql.join(
  (['generation', 'settled', 'oldest_news'] as const).map((column) => sql`(select g.${sql.ref(column)} from roster_gen g) as ${sql.ref(`roster_${column}`)}`),
)}`;

/** The columns CARRIED_CONTEXT adds to a roster row read with the session. */
interface CarriedRosterColumns extends AgentRosterContext {
  roster_generation: string;
  roster_settled: boolean;
  roster_oldest_news: number | null;
}

/**
 * A roster page (rosterPage, agentRosterPage). Read with the session, the agency is the
 * session's (an InitPlan of `ctx`, where a parameter is otherwise: a generic plan costs both
 * alike) and every row carries the session's columns as single-row subqueries, which leave the
 * page's joins as they were planned.
 */
async function readRoster(
  db: Db,
  of: { agency: string } | { liveSession: RawBuilder<unknown> },
  query: RosterQuery,
  countCap: number,
  pageSize = ROSTER_PAGE_SIZE,
): Promise<{ context: AgentRosterContext | undefined; roster: RosterRead; version?: RosterVersion }> {
  const bySession = 'liveSession' in of;
  const agency = bySession ? sql<string>`(select ctx.agency from ctx)` : of.agency;
  const ctx = bySession ? sql`ctx as (${agentContextSql(of.liveSession)}), roster_gen as materialized (${rosterGenerationSql(agency)}),` : sql``;
  const carried = bySession ? CARRIED_CONTEXT : sql``;
  // Every page runs prepared: its statement's text fixes which index serves the name and the
  // filters (rosterConditions), so one generic plan fits every search text and filter value, and
  // the page is not planned anew per read (0.6 ms of its 1.3 ms at 100k athletes; filtered, about
  // 1 ms of 2). The filters' combinations make hundreds of texts; a connection keeps the recently
  // used ones (prepared.ts). Each sort's index holds the filters' columns (migration
  // 2026-11-27T12-00), so the generic plan never depends on how many athletes a value matches.
  const { where, narrowed, byAgencyTrigrams, withMatches, countsWhere, storedCountPart, newsWhere, bestScoresWhere } = rosterConditions(agency, query);
  // Counted by reading the matching names, up to the cap (the other counts are stored, exact).
  const countsUpToCap = narrowed && storedCountPart === null;
  const offset = (query.page - 1) * pageSize;
  // A search served by the agency's trigram index finds its athletes once, in `matched` (with the
  // columns the sorts need), for both the count and the page: each bitmap scan visits a heap page
  // per name found (611 pages for "mart" at 100k athletes); run twice, it doubled the read. So does
  // a roster narrowed to athletes with shared matches, from the agency's stored match counts (821
  // of Eture's 47,070 athletes with the benchmark's seeded matches): walking the names and testing
  // each athlete's counts took 13-26 ms.
  const foundFirst = byAgencyTrigrams || withMatches !== null;
  const found = foundFirst ? sql`matched a` : sql`athletes a`;
  const foundWhere = foundFirst ? sql`true` : where;
  // On the first screen, the found athletes carry their news time (null: none in the window), read
  // once per athlete found: tested in both of the page's parts, it took two index probes per
  // athlete (577 for "mart", 821 with shared matches at Eture).
  const foundNews = query.sort === 'news';
  // The found athletes' columns: from their rows, or (narrowed by matches and nothing else but a
  // short search) from the agency's stored counts, whose index entries hold the name and last
  // update (reading the 821 athletes' rows at Eture for them took most of a 3 ms read).
  const foundId = countsWhere ? sql`c.athlete_id` : sql`a.id`;
  const foundColumns = sql`${foundId} as id, ${countsWhere ? sql`c.name_key, c.updated_at` : sql`a.name_key, a.updated_at`}${
    foundNews ? sql`, fresh.news_at` : sql``
  }`;
  const joinFoundNews = foundNews
    ? sql`left join (select n.athlete_id, n.news_at from athlete_news n where n.agency = ${agency} and n.news_at > ${newsSince}) fresh
            on fresh.athlete_id = ${foundId}`
    : sql``;
  const matched = byAgencyTrigrams
    ? sql`matched as materialized (select ${foundColumns} from athletes a ${joinFoundNews} where ${where}),`
    : countsWhere
      ? sql`matched as materialized (select ${foundColumns} from athlete_match_counts c ${joinFoundNews} where ${countsWhere}),`
      : withMatches !== null
        ? sql`matched as materialized (
          select ${foundColumns} from athlete_match_counts c join athletes a on a.id = c.athlete_id ${joinFoundNews}
          where ${withMatches} and ${where}),`
        : sql``;
  // The whole roster's count and a short search's are stored (agency_athlete_counts and
  // agency_name_counts, kept by triggers on athletes); other searches and filters count up to the cap.
  const countSql =
    storedCountPart !== null
      ? sql`select coalesce((select c.athletes from agency_name_counts c where c.agency = ${agency} and c.part = ${storedCountPart}), 0) as n`
      : countsUpToCap
        ? sql`select count(*) as n from (select 1 from ${found} where ${foundWhere} limit ${countCap + 1}) as capped`
        : sql`select coalesce((select c.athletes from agency_athlete_counts c where c.agency = ${agency}), 0) as n`;
  // Whether athlete `a` had news in the window (athlete_news: each athlete's latest, kept by
  // triggers; migration 2026-11-28T00-00), tested per row as the names are walked: a subquery, not
  // a join (as an anti-join, Postgres hashed the news and sorted the whole agency by name, 21 ms
  // with a filter).
  const hasNews = sql`coalesce((select n.news_at > ${newsSince} from athlete_news n where n.athlete_id = a.id), false)`;
  // The first screen's two parts: the athletes with news, the latest first, and the others.
  const withNews = foundFirst
    ? sql`select a.id, 0 as part, a.news_at as at, a.name_key from matched a where a.news_at is not null order by a.news_at desc, a.name_key, a.id`
    : newsWhere
      ? sql`select n.athlete_id as id, 0 as part, n.news_at as at, n.name_key from athlete_news n
            where ${newsWhere} and n.news_at > ${newsSince} order by n.news_at desc, n.name_key, n.athlete_id`
      : sql`select a.id, 0 as part, n.news_at as at, a.name_key from athlete_news n join athletes a on a.id = n.athlete_id
            where n.agency = ${agency} and n.news_at > ${newsSince} and ${where} order by n.news_at desc, a.name_key, a.id`;
  const withoutNews = foundFirst
    ? sql`select a.id, 1, null, a.name_key from matched a where a.news_at is null`
    : sql`select a.id, 1, null, a.name_key from athletes a where ${where} and not ${hasNews}`;
  // The count rides on the page's statement (no statement of its own); a page with no row counts on its own.
  const { rows } =
    query.sort === 'news'
      ? // The first screen: athletes with something new (a share, an answer) first, the latest first,
        // then the others by name. Two ordered parts, each cut at the page's end, so the second walks
        // the (agency, name_key, id) index and stops instead of sorting the whole agency. With
        // nothing but a short search, the first walks the agency's news entries alone (they hold
        // the name). Only the page's rows are read in full.
        await sql<RosterRow>`${prepared}
          with ${ctx} ${matched} roster_count as (${countSql}),
          picked as (
            (${withNews} limit ${offset + pageSize})
            union all
            (${withoutNews} order by a.name_key, a.id limit ${offset + pageSize}))
          select ${rosterColumns}${carried}
          from (select * from picked order by part, at desc, name_key, id limit ${pageSize} offset ${offset}) p
          join athletes a on a.id = p.id
          order by p.part, p.at desc, p.name_key, p.id`.execute(db)
      : foundFirst
        ? // The found athletes' page by the sort's columns alone, then only the page's rows read in full.
          await sql<RosterRow>`${prepared}
          with ${ctx} ${matched} roster_count as (${countSql}),
          picked as (select a.id ${query.sort === 'score' ? sql`, ${bestScore} as best_score` : sql``} from matched a
                     order by ${ROSTER_ORDER[query.sort]} limit ${offset + pageSize})
          select ${rosterColumns}${carried}
          from picked p join athletes a on a.id = p.id
          order by ${ROSTER_ORDER[query.sort]}
          limit ${pageSize} offset ${offset}`.execute(db)
        : query.sort === 'score' && bestScoresWhere === null
          ? // By best score, narrowed by a long search or by matches: athlete_best_scores' index walked
            // with each athlete checked as reached (as one statement: picked apart first, the prepared
            // short search's generic plan sorted the whole agency, 1.6 -> 30 ms).
            await sql<RosterRow>`${prepared}
          with ${ctx} roster_count as (${countSql})
          select ${rosterColumns}${carried}
          from athlete_best_scores b join athletes a on a.id = b.athlete_id
          where b.agency = ${agency} and ${where}
          order by ${PICKING_ORDER.score}
          limit ${pageSize} offset ${offset}`.execute(db)
          : // The page's athletes picked by the sort's columns alone, then only the page's rows read in
            // full: a far page does not build every row it skips (page 40 of 47,070 by name: 15 ->
            // 1 ms). Best score walks athlete_best_scores' index alone: its entries hold the name and
            // the filters' columns (a short search with filters: 15-100 ms -> about 2 ms at Eture).
            await sql<RosterRow>`${prepared}
          with ${ctx} roster_count as (${countSql}),
          picked as (${
            query.sort === 'score' && bestScoresWhere
              ? sql`select b.athlete_id as id from athlete_best_scores b where ${bestScoresWhere}`
              : sql`select a.id from athletes a where ${where}`
          }
            order by ${PICKING_ORDER[query.sort]} limit ${pageSize} offset ${offset})
          select ${rosterColumns}${carried}
          from picked p join athletes a on a.id = p.id
          order by ${ROSTER_ORDER[query.sort]}`.execute(db);
  // A page with no row counts on its own, and (read with the session) reads the session: no row
  // then means no live session.
  let context: AgentRosterContext | undefined;
  let version: RosterVersion | undefined;
  let counted: number;
  if (rows.length > 0) {
    if (bySession) {
      const carried = rows[0] as RosterRow & CarriedRosterColumns;
      context = carried;
      if (carried.roster_settled) {
        const times = [carried.roster_oldest_news, ...rows.map((row) => row.news[2])].filter((time) => time !== null);
        version = { generation: carried.roster_generation, oldestNews: times.length > 0 ? Math.min(...times) : null };
      }
    }
    counted = Number(rows[0].roster_count);
  } else {
    const counts = await sql<{ n: string } & AgentRosterContext>`${prepared}
      with ${ctx} ${matched} roster_count as (${countSql})
      select ${bySession ? sql`ctx.*,` : sql``} (select n from roster_count) as n ${bySession ? sql`from ctx` : sql``}`.execute(db);
    context = bySession ? counts.rows[0] : undefined;
    counted = Number(counts.rows[0]?.n ?? 0);
  }
  const totalCapped = countsUpToCap && counted > countCap;
  return { context, roster: { total: totalCapped ? countCap : counted, totalCapped, rows }, version };
}

/**
 * The roster's filters on the athlete's own columns, as conditions on `alias`: athletes `a`, or
 * athlete_best_scores `b`, which keeps these columns under the same names (migration
 * 2026-11-27T10-00), so that the best-score sort narrowed by them alone walks that table's index
 * without reading an athlete row per entry. The profile filter is a predicate, not a parameter:
 * incomplete profiles have indexes of their own (partial).
 */
function athleteColumnFilters(query: RosterQuery, alias: 'a' | 'b'): RawBuilder<unknown>[] {
  const column = (name: 'primary_position' | 'league_level' | 'profile_completed') => sql.ref(`${alias}.${name}`);
  return [
    ...(query.position ? [sql`${column('primary_position')} = ${query.position}`] : []),
    ...(query.league ? [sql`${column('league_level')} = ${query.league}`] : []),
    ...(query.profile ? [query.profile === 'complete' ? sql`${column('profile_completed')}` : sql`not ${column('profile_completed')}`] : []),
  ];
}

/** The athlete has a shared match of a live request (of `status`, if given), from their stored counts (M8). */
const liveMatchOf = (status?: MatchStatus) => sql`exists (select 1 from athlete_match_counts c where c.athlete_id = a.id and ${hasSharedMatches(status)})`;

/**
 * The agency's athletes that pass the roster's search and filters (every value a parameter),
 * whether any search or filter narrows the agency, whether the agency's trigram index serves the
 * search, the conditions on the stored match counts `c` (the agency's, with shared matches of the
 * status asked) when the roster is narrowed to athletes with shared matches or null, the same
 * with a short search when nothing else narrows (the counts hold the name) or null, the name part whose stored count is the
 * roster's (a short search alone, folded as nameContains folds it) or null, the agency and a
 * short search as conditions on athlete_news `n` (which holds both) when nothing else narrows, else
 * null, and, when nothing but a short search and athleteColumnFilters narrows the agency, the same
 * conditions on athlete_best_scores `b` (which holds every column they test), else null.
 */
function rosterConditions(
  agency: string | RawBuilder<string>,
  query: RosterQuery,
): {
  where: RawBuilder<unknown>;
  narrowed: boolean;
  byAgencyTrigrams: boolean;
  withMatches: RawBuilder<unknown> | null;
  countsWhere: RawBuilder<unknown> | null;
  storedCountPart: string | null;
  newsWhere: RawBuilder<unknown> | null;
  bestScoresWhere: RawBuilder<unknown> | null;
} {
  // The text says which index serves a search (`is true` hides a condition from every index), so
  // one generic plan fits every search text:
  // - longer than STORED_COUNT_SEARCH_MAX: the agency's trigram index, then each found name checked
  //   (0.65 ms for "mart" among 47,070). Left to choose, Postgres walked the agency's names (costed
  //   as cheap: 6–17 ms) or ANDed the index with the agency's or with pg_trgm's;
  // - shorter: the (agency, name_key, id) index, stopping at the page's end or the count's cap.
  const q = query.q;
  const byAgencyTrigrams = q !== undefined && searchesByAgencyTrigrams(q);
  const conditions = byAgencyTrigrams
    ? [
        sql`agency_name_trigrams(a.agency, a.name_key) @> agency_name_trigrams(${agency}, ${foldName(q)})`,
        // The keys already hold the agency; checked on the row all the same (an agent sees only their agency, A6).
        sql`(a.agency = ${agency}) is true`,
        sql`(${nameContains(q)}) is true`,
      ]
    : [sql`a.agency = ${agency}`, ...(q ? [sql`(${nameContains(q)}) is true`] : [])];
  const searched = conditions.length;
  const columnFilters = athleteColumnFilters(query, 'a');
  conditions.push(...columnFilters);
  // Narrowed to athletes with shared matches (of a status): found from the agency's stored counts
  // first (rosterPage), so not tested again on each row; under a trigram search, which finds its
  // names first, tested on each name found.
  const narrowedToShared = query.hasMatches === 'yes' || query.matchStatus !== undefined;
  const withMatches =
    narrowedToShared && !byAgencyTrigrams
      ? sql.join([sql`c.agency = ${agency}`, hasSharedMatches(), ...(query.matchStatus ? [hasSharedMatches(query.matchStatus)] : [])], sql` and `)
      : null;
  if (narrowedToShared && byAgencyTrigrams) conditions.push(liveMatchOf(query.matchStatus));
  if (query.hasMatches === 'no') conditions.push(sql`not ${liveMatchOf()}`);
  // Narrowed by matches and nothing else but a short search: the stored counts hold every column tested.
  const countsWhere = withMatches !== null && conditions.length === searched ? (q ? sql`${withMatches} and ${nameContains(q, 'c')}` : withMatches) : null;
  const filtered = conditions.length > searched || withMatches !== null;
  const storedCountPart = q && !filtered && !byAgencyTrigrams ? foldName(q) : null;
  // The agency's stored news holds the name: with nothing but a short search, the first screen tests it there.
  const newsWhere = !filtered && !byAgencyTrigrams ? sql.join([sql`n.agency = ${agency}`, ...(q ? [nameContains(q, 'n')] : [])], sql` and `) : null;
  const bestScoresWhere =
    !byAgencyTrigrams && withMatches === null && conditions.length === searched + columnFilters.length
      ? sql.join([sql`b.agency = ${agency}`, ...(q ? [nameContains(q, 'b')] : []), ...athleteColumnFilters(query, 'b')], sql` and `)
      : null;
  return {
    where: sql.join(conditions, sql` and `),
    narrowed: conditions.length > 1 || withMatches !== null,
    byAgencyTrigrams,
    withMatches,
    countsWhere,
    storedCountPart,
    newsWhere,
    bestScoresWhere,
  };
}

/** The session's agent and their agency: what each agent route reads first (the roster in its page's statement, the dashboard and the hub in their contexts'). */
export interface AgentRosterContext extends LiveSessionRow {
  /** The agent's agency; null for another role's session, or an agent without an agent profile. */
  agency: string | null;
}

/** The session's row (`liveSession`, the API's liveSessionSql) with its agent's agency (AgentRosterContext): the roster page's and the hub's `ctx`. */
const agentContextSql = (liveSession: RawBuilder<unknown>) => sql`
  select su.*, (select g.agency from agents g where g.id = su.session_user_id and su.session_role = 'agent') as agency
  from (${liveSession}) su`;

/** The agent's dashboard's first statement (agentDashboardContext). */
export interface AgentDashboardContext extends AgentRosterContext, AgencyMatchTotals {
  /** The agent's own profile; null with `agency`. */
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  agency_url: string | null;
  profile_photo_url: string | null;
  /** The agency's athletes (agency_athlete_counts) and, of them, the incomplete profiles. */
  athletes: number;
  incomplete: number;
}

/**
 * The session, the agent's profile and their agency's counts, in one statement (the dashboard's
 * first of two; the roster's first screen follows). Undefined without a live session; `agency` and
 * the profile are null for another role's session or an agent without a profile, the counts 0.
 * - Athletes: the stored count less the incomplete profiles, few, counted on their partial index
 *   (athletes_agency_incomplete_idx); counting the complete ones walked every athlete of the agency.
 * - Matches: the stored per-athlete counts of the agency's athletes with any shared match, summed.
 * Read as five statements before (session, agent, athlete counts, match totals), each a round trip
 * that cost Postgres and the API more than its query.
 */
export async function agentDashboardContext(db: Db, liveSession: RawBuilder<unknown>): Promise<AgentDashboardContext | undefined> {
  const { rows } = await sql<AgentDashboardContext>`${prepared}
    with su as (${liveSession}),
    g as (select g.* from agents g join su on g.id = su.session_user_id and su.session_role = 'agent')
    select su.*, g.agency, g.first_name, g.last_name, g.email, g.agency_url, g.profile_photo_url,
      coalesce((select c.athletes from agency_athlete_counts c where c.agency = g.agency), 0)::int as athletes,
      (select count(*) from athletes a where a.agency = g.agency and not a.profile_completed)::int as incomplete,
      t.accepted, t.pending, t.declined
    from su
    left join g on true
    cross join lateral (${agencyMatchTotalsSql(sql`g.agency`)}) t`.execute(db);
  return rows[0];
}

/** The hub's first statement (agentHubContext): the session, the agent's agency, and its match counts. */
export interface AgentHubContext extends AgentRosterContext, AgencyMatchTotals {
  /** The hub's `stats.byAthlete` as JSON text (agencyMatchTotalsSql); `{}` without `agency`. */
  by_athlete: string;
  /** The agency's roster generation the counts were read at, and whether they may be kept (rosterGenerationSql). */
  roster_generation: string;
  roster_settled: boolean;
}

/**
 * The session, the agent's agency, the counts of the matches shared with its athletes and the
 * agency's roster generation they were read at, in one statement: the hub's first of two
 * (agencyMatches, its page, follows). The counts are the agency's rows of athlete_match_counts, a
 * source of the generation, so they hold while it does (the API keeps them; agentRosterState
 * checks). Undefined without a live session; `agency` is null for another role's session or an
 * agent without a profile, the counts 0.
 */
export async function agentHubContext(db: Db, liveSession: RawBuilder<unknown>): Promise<AgentHubContext | undefined> {
  const { rows } = await sql<AgentHubContext>`${prepared}
    with ctx as (${agentContextSql(liveSession)})
    select ctx.*, t.*, g.generation as roster_generation, g.settled as roster_settled
    from ctx cross join lateral (${agencyMatchTotalsSql(sql`ctx.agency`, { byAthlete: true })}) t
      cross join lateral (${rosterGenerationSql(sql<string>`ctx.agency`)}) g`.execute(db);
  return rows[0];
}

/**
 * The shortest search the trigram index on name_key can serve: a shorter one has no trigram to
 * look up, and Postgres then read every athlete.
 */
const TRIGRAM_SEARCH_MIN = 3;

/**
 * Completed athletes whose name contains `q`, by name ("Why not?": a coach sees no other athlete, A6).
 * A search shorter than TRIGRAM_SEARCH_MIN walks the completed athletes' names in order
 * (athletes_completed_name_idx, its entries alone: `is true` keeps the trigram index out) and stops
 * at the answer's last row; then only those rows are read. A longer one is left to the planner,
 * which finds a rare text through the trigram index at once.
 */
export async function searchCompletedAthletes(db: Db, q: string, limit: number) {
  const columns = sql`a.id, a.full_name, a.primary_position, ${athleteText('nationality')} as nationality, a.age`;
  const { rows } = await (
    [...q].length < TRIGRAM_SEARCH_MIN
      ? sql<SearchedAthlete>`
        with picked as (
          select id, name_key from athletes where profile_completed and (${nameContains(q, 'athletes')}) is true
          order by name_key, id limit ${limit})
        select ${columns} from picked p join athletes a on a.id = p.id order by p.name_key, p.id`
      : sql<SearchedAthlete>`
        select ${columns} from athletes a where a.profile_completed and ${nameContains(q)} order by a.name_key, a.id limit ${limit}`
  ).execute(db);
  return rows;
}

interface SearchedAthlete {
  id: string;
  full_name: string;
  primary_position: string | null;
  nationality: string | null;
  age: number | null;
}

/** An athlete's name, or undefined when there is no such athlete. */
export async function athleteName(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('athletes').select('full_name').where('id', '=', id).executeTakeFirst())?.full_name;
}

/** Completed athlete profiles on the platform (the pool a request is scored against). */
export async function completedAthleteCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('athletes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('profile_completed', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
