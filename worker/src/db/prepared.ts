import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for the hottest statements (the session lookup, the ranked list, the
 * roster, the conversation list, the athlete job's reads and its final write).
 *
 * Kysely sends every query as an unnamed statement, which Postgres parses and plans on every
 * call; for the ranked list that planning cost more than running the query (1.8–3.8 ms against
 * 0.6–0.9 ms at 100,000 athletes). A query whose text starts with `prepared` is sent with a name
 * instead, so each connection parses it once and Postgres reuses its plan:
 *
 *   sql`${prepared} select … where id = ${id}`
 *
 * Marked statements run on a pool of their own (PREPARED_SESSION_OPTIONS): left to choose,
 * Postgres kept planning the 'all' and 'position' pages anew on every call (about 1 ms each at
 * 100k athletes: it judged their generic plan dearer than a custom one) and, forced to a generic
 * plan, picked a parallel one (a worker started per read, 4–6 ms). A generic plan is costed for
 * the whole list, not the page it returns: at a million athletes the 'all' page's estimate passed
 * jit_above_cost, and Postgres compiled it to machine code on every call (50 ms, for a 0.5 ms
 * read). Their sessions always use the generic plan, never parallel workers and never JIT
 * compilation; every other statement keeps Postgres's own choice (the roster's search, say, needs
 * a plan for its very text). So only statements outside any transaction may carry the mark (they
 * run on another connection), and only fixed texts (every value a parameter).
 *
 * A statement stays prepared on its connection until that connection has run
 * PREPARED_STATEMENTS_PER_CONNECTION other ones since (boundPreparedStatements): filters make
 * hundreds of texts of the ranked list and the roster, and Postgres keeps about 0.9 MB per
 * prepared list statement (its plan and parse trees) for the session's whole life.
 */
const MARK = '/* prepared */ ';
export const prepared = sql.raw(MARK);

/**
 * Runs a query built with Kysely's builder as a marked statement (the note above: outside any
 * transaction, and its text fixed by the query's shape, every value a parameter).
 */
export async function executePrepared<Row>(db: Pick<Kysely<unknown>, 'executeQuery'>, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  return (await db.executeQuery<Row>(CompiledQuery.raw(MARK + compiled.sql, [...compiled.parameters]))).rows;
}

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** The session settings of the pool that runs marked statements (see the note above). */
export const PREPARED_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c jit=off';

/** Makes `client` run marked queries as named statements on `preparedPool` (installed on every pooled connection). */
export function usePreparedStatements(client: pg.PoolClient, preparedPool: pg.Pool): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (typeof config === 'string' && config.startsWith(MARK)) {
      const [values, callback] = rest as [unknown[] | undefined, undefined];
      return preparedPool.query({ name: statementName(config), text: config, values }, callback);
    }
    return query(config, ...rest);
  }) as typeof client.query;
}

/**
 * The most named statements one connection keeps prepared. The hot path runs about 15 texts per
 * process (the session, the three views, the roster's sorts, the athlete job's reads and write);
 * the bound leaves room for a few dozen filter combinations in use at once, and caps a
 * connection's statements at about 30 MB of Postgres memory (0.9 MB each at most).
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 32;

/**
 * Keeps at most `max` named statements prepared on `client` (installed on every connection of the
 * marked statements' pool): before a new one is prepared, the one run longest ago is deallocated.
 * node-postgres has no API for this (brianc/node-postgres#1889): its record of the connection's
 * statements (`connection.parsedStatements`) is cleared by hand, as graphile's LRU does, so that
 * the next run of an evicted text prepares it again. Queries on a pooled connection run one at a
 * time, so no queued query can still need the statement deallocated.
 */
export function boundPreparedStatements(client: pg.PoolClient, max: number): void {
  // Statement names by last use, the oldest first (a Set keeps insertion order).
  const byLastUse = new Set<string>();
  const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const name = typeof config === 'object' && config !== null ? (config as { name?: string }).name : undefined;
    if (name !== undefined) {
      if (!byLastUse.delete(name) && byLastUse.size >= max) {
        const [oldest] = byLastUse;
        byLastUse.delete(oldest);
        delete parsed[oldest];
        // Sent before the new statement on the same connection; a failure here (the connection
        // lost) surfaces on the query that follows.
        (query(`deallocate ${client.escapeIdentifier(oldest)}`) as Promise<unknown>).catch(() => {});
      }
      byLastUse.add(name);
    }
    return query(config, ...rest);
  }) as typeof client.query;
}
