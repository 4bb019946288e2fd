import { rosterQuerySchema } from '@app/domain';
import { indexRequest, type Database } from '@app/worker';
import { liveSessionSql } from '@app/worker/store/accounts';
import { readPage } from '@app/worker/store/match-scores';
import { rosterPage } from '@app/worker/store/roster';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The plans of the hottest reads (Postgres only): each is served by the index it was written for,
 * as the benchmark's figures assume. A change that makes a condition unusable by its index (a
 * function around an indexed column, a type that does not match) still returns the right rows on
 * test data, and only the benchmark would notice; here the statement each store function sends
 * is planned with sequential scans priced out, under the session settings of the pool that runs
 * prepared statements, and the plan must name the index.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** A Kysely that runs nothing: it keeps each statement a store function would send. */
function recordingDb() {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      sent.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not recorded');
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => ({
        init: async () => {},
        acquireConnection: async () => connection,
        beginTransaction: async () => {},
        commitTransaction: async () => {},
        rollbackTransaction: async () => {},
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

/** A parameter as an SQL literal of unknown type (Postgres reads it as the parameter's type). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `'{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `'${String(value).replace(/'/g, "''")}'`;
  throw new Error(`no literal for ${JSON.stringify(value)}`);
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(noPostgresServer)('query plans of the hot reads', () => {
  let t: TestApp;
  let client: pg.Client;
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const coach = await createCoach(t.services);
    for (const name of ['Ana Martín', 'Bea Martínez', 'Carla Gil', 'Dora Vega', 'Eva Martos', 'Flor Ruiz'])
      await createAthlete(t.services, name, { primaryPosition: name.startsWith('C') ? 'Winger' : 'Forward' });
    requestId = await createRequest(t.services, coach.id);
    await indexRequest(t.services.db, { entityId: requestId });
    client = new pg.Client({ connectionString: t.services.config.DATABASE_URL });
    await client.connect();
    // The prepared statements' pool settings (worker/src/db/prepared.ts), and sequential scans
    // priced out: on a few rows they would win, and hide whether the index can serve the read.
    await client.query('set plan_cache_mode = force_generic_plan; set max_parallel_workers_per_gather = 0; set jit = off; set enable_seqscan = off');
    await client.query('analyze');
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  /** The plan of each statement `read` sends, as a prepared statement's generic plan. */
  async function plansOf(read: (db: Kysely<Database>) => Promise<unknown>): Promise<PlanNode[][]> {
    const { db, sent } = recordingDb();
    await read(db);
    expect(sent.length).toBeGreaterThan(0);
    const plans: PlanNode[][] = [];
    for (const [i, query] of sent.entries()) {
      const name = `plan_probe_${i}`;
      await client.query(`prepare ${name} as ${query.sql}`);
      try {
        const args = query.parameters.map(literal);
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json, costs off) execute ${name}${args.length ? `(${args.join(', ')})` : ''}`,
        );
        plans.push(nodes(rows[0]['QUERY PLAN'][0].Plan));
      } finally {
        await client.query(`deallocate ${name}`);
      }
    }
    return plans;
  }

  const scansOf = (plan: PlanNode[], relation: string) => plan.filter((n) => n['Relation Name'] === relation);
  const session = liveSessionSql('0'.repeat(64));

  it("reads a request's top 15 and its 'all' pages from the rank index, a cursor's page starting at its key", async () => {
    for (const [view, start] of [
      ['top15', 0],
      ['all', 25],
      ['all', { score: 80, updatedUs: 1_700_000_000_000_000, athleteId: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const [plan] = await plansOf((db) => readPage(db, requestId, session, view, 26, start));
      const scans = scansOf(plan, 'match_scores');
      expect(scans.length, `${view} ${JSON.stringify(start)}`).toBeGreaterThan(0);
      for (const scan of scans) {
        expect(scan['Index Name'], view).toBe('match_scores_rank_idx');
        expect(scan['Index Cond'], view).toMatch(/request_id = /);
      }
      // The cursor's key bounds the scan (afterRankKey's row comparison), not a filter of every row before it.
      if (typeof start === 'object') expect(scans.map((scan) => scan['Index Cond'])).toContainEqual(expect.stringMatching(/score, .*athlete_updated_at\) <= /));
    }
  });

  it("reads the 'position' view from the position index", async () => {
    const [plan] = await plansOf((db) => readPage(db, requestId, session, 'position', 26, 0));
    const scans = scansOf(plan, 'match_scores');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Index Name']).toBe('match_scores_position_idx');
      expect(scan['Index Cond']).toMatch(/request_id = /);
    }
  });

  it("searches an agency's roster in name order along its (agency, name) index", async () => {
    // The longer searches' trigram index is left out: on a few rows a whole-index walk costs less
    // than the trigram lookup, so the plan here would not be the one the benchmark's data gets.
    const plans = await plansOf((db) => rosterPage(db, 'Eture', rosterQuerySchema.parse({ q: 'ma', sort: 'name' })));
    const athleteScans = plans.flatMap((plan) => scansOf(plan, 'athletes'));
    expect(athleteScans.find((scan) => scan['Index Name'] === 'athletes_agency_name_key_idx')?.['Index Cond']).toMatch(/agency = \$\d+/);
    expect(athleteScans.filter((scan) => scan['Node Type'] === 'Seq Scan')).toEqual([]);
  });
});
