import { connectDatabase, prepared, PREPARED_STATEMENTS_PER_CONNECTION, type DatabaseHandle } from '@app/worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';

// worker/src/db/prepared.ts: marked queries run as named statements on a Postgres server; the
// embedded database (one session across reconnects) keeps unnamed ones.
describe.skipIf(noPostgresServer)('prepared statements (Postgres server)', () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    fresh = await createFreshDatabase();
    // One connection, so every query below runs in the same session.
    handle = await connectDatabase({ databaseUrl: fresh.url, poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    await fresh?.drop();
  });

  // Read on the marked statements' own pool (a marked read itself), where they are prepared.
  const preparedTexts = async () =>
    (await sql<{ statement: string }>`${prepared} select statement from pg_prepared_statements order by prepare_time`.execute(handle.db)).rows.map(
      (r) => r.statement,
    );

  it('prepares a marked query once per connection and answers it with each call’s values', async () => {
    const square = (n: number) => sql<{ v: number }>`${prepared} select ${n}::int * ${n}::int as v`.execute(handle.db);
    expect((await square(3)).rows).toEqual([{ v: 9 }]);
    expect((await square(7)).rows).toEqual([{ v: 49 }]);
    const statements = await preparedTexts();
    expect(statements.filter((s) => s.includes('::int * $2::int'))).toHaveLength(1);
  });

  it('sends unmarked queries unnamed', async () => {
    await sql`select ${1}::int + ${2}::int as v`.execute(handle.db);
    expect((await preparedTexts()).some((s) => s.includes('::int + $2::int'))).toBe(false);
  });

  it('runs marked queries in sessions that always use the generic plan, no parallel workers and no JIT, and leaves the others to Postgres', async () => {
    const settings = sql`select current_setting('plan_cache_mode') as plans, current_setting('max_parallel_workers_per_gather') as workers, current_setting('jit') as jit`;
    expect((await sql`${prepared} ${settings}`.execute(handle.db)).rows).toEqual([{ plans: 'force_generic_plan', workers: '0', jit: 'off' }]);
    const unmarked = (await sql<{ plans: string; workers: string; jit: string }>`${settings}`.execute(handle.db)).rows[0];
    expect(unmarked.plans).toBe('auto');
    expect(unmarked.workers).not.toBe('0');
    expect(unmarked.jit).toBe('on');
  });

  it('gives different texts their own statements', async () => {
    await sql`${prepared} select ${'a'}::text as first`.execute(handle.db);
    await sql`${prepared} select ${'b'}::text as second`.execute(handle.db);
    const statements = await preparedTexts();
    expect(statements.some((s) => s.includes('as first'))).toBe(true);
    expect(statements.some((s) => s.includes('as second'))).toBe(true);
  });

  it('keeps at most PREPARED_STATEMENTS_PER_CONNECTION statements on a connection, the least recently run deallocated first', async () => {
    const texts = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    const run = (n: number) => sql<{ v: number }>`${prepared} select ${n}::int as v, ${sql.lit(`bounded ${n}`)} as tag`.execute(handle.db);
    for (const n of texts(0, PREPARED_STATEMENTS_PER_CONNECTION + 10)) expect((await run(n)).rows[0].v).toBe(n);
    // The connection now keeps the last PREPARED_STATEMENTS_PER_CONNECTION texts, from 10 on. Text 10,
    // the least recently run, is run again: kept, and 11 is the next to go (for the listing below).
    const reused = 10;
    expect((await run(reused)).rows[0].v).toBe(reused);
    const tags = async () => (await preparedTexts()).flatMap((s) => /'bounded (\d+)'/.exec(s)?.[1] ?? []).map(Number);
    const kept = await tags();
    // The listing itself is one of the connection's statements.
    expect(kept.length).toBe(PREPARED_STATEMENTS_PER_CONNECTION - 1);
    expect(kept).toContain(reused);
    expect(kept).not.toContain(reused + 1);
    expect(kept).not.toContain(reused - 1);
    expect(Math.max(...kept)).toBe(PREPARED_STATEMENTS_PER_CONNECTION + 9);
    // An evicted text runs again: prepared anew, with this call's values.
    expect((await run(0)).rows).toEqual([{ v: 0, tag: 'bounded 0' }]);
    expect(await tags()).toContain(0);
  });

  it('reports a failing marked query as an error and keeps the connection usable', async () => {
    await expect(sql`${prepared} select 1 / ${0}::int as v`.execute(handle.db)).rejects.toThrow(/division by zero/);
    expect((await sql<{ v: number }>`${prepared} select 1 / ${1}::int as v`.execute(handle.db)).rows).toEqual([{ v: 1 }]);
  });
});
