import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for the hottest statements (the session lookup, the ranked list, the
 * athlete job's reads and its final write).
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
 * run on another connection), and only fixed texts (every value a parameter): a connection keeps
 * each statement it prepared for its whole life.
 */
const MARK = '/* prepared */ ';
export const prepared = sql.raw(MARK);

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
