// npm run bench -- --scale [--athletes N --requests R --coaches C]
//
// The million-athlete run (issue 22): 1,000,000 complete athletes x 2,000 open requests, seeded by
// COPY from one thread per core, the full index rebuilt by `npm run reindex` in its own process,
// then the top15 read load and athlete saves -> visible. Says what it will do and checks free disk
// space (the Postgres data directory's filesystem) before creating anything. The sizes can be
// overridden (a tiny run checks the path end to end in a few minutes).
import os from 'node:os';
import { sql } from 'kysely';
import { countRows } from '../support/count.ts';
import { cannon, cpuTimes, measureRebuild, measureSaves, readResult, sessionCookie } from './common.ts';
import { diskVerdict, estimateDisk, freeSpace, type DiskEstimate, type FreeSpace } from './disk.ts';
import { describeRebuildPhases, type BenchReport, type ReadResult } from './report.ts';
import { BenchRun, type Machine } from './run.ts';
import type { SaveResult } from './common.ts';
import { round, sleep, summarize, type Summary } from './stats.ts';

export const SCALE_SIZES = { athletes: 1_000_000, requests: 2_000, coaches: 400 };
/** The issue's goals for this run. */
/** Seconds between the plan and the start. */
const START_DELAY_S = 10;
const GOALS = { top15P99Ms: 15, saveVisibleP95Ms: 1000, rebuildSeconds: 300, seedSeconds: 600 };

export interface ScaleReport {
  kind: 'scale';
  startedAt: string;
  finishedAt: string;
  machine: Machine & { loadAverageAtEnd: number[] };
  sizes: { completeAthletes: number; incompleteAthletes: number; coaches: number; openRequests: number; seed: number; override: boolean };
  disk: {
    estimate: DiskEstimate;
    free: FreeSpace;
    usedAfterMb: { database: number; matchScores: number; athletes: number };
    matchScoresPartsMb: Record<string, number>;
  };
  seed: { seconds: number; athletesPerSecond: number; threads: number };
  rebuild: BenchReport['rebuild'];
  /** VACUUM (ANALYZE) of athletes (and, since 2026-12-06, athlete_index_state) after the rebuild, before the reads (absent in reports before 2026-11-26's sixth session). */
  vacuumSeconds?: number;
  index: { listedRows: number; listedPerRequest: Summary };
  reads: ReadResult[];
  saves: SaveResult;
  memory: { apiPeakRssMb: number; workersPeakRssMb: number[] };
  goals: Array<{ name: string; goal: string; measured: string; met: boolean }>;
}

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

export async function runScale(options: {
  adminUrl: string;
  redisUrl: string;
  sizes: Partial<typeof SCALE_SIZES>;
  readSeconds: number;
  saves: number;
  out?: string;
}): Promise<number> {
  const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
  const sizes = { ...SCALE_SIZES, ...options.sizes };
  const override = sizes.athletes !== SCALE_SIZES.athletes || sizes.requests !== SCALE_SIZES.requests || sizes.coaches !== SCALE_SIZES.coaches;
  const incompleteAthletes = Math.round(sizes.athletes * 0.05);
  const estimate = estimateDisk({ athletes: sizes.athletes, incompleteAthletes, requests: sizes.requests });
  const run = new BenchRun(options.adminUrl, options.redisUrl, log);

  console.log(
    [
      `The scale run${override ? ' (sizes overridden)' : ''}: ${sizes.athletes.toLocaleString('en-US')} complete athletes (+${incompleteAthletes.toLocaleString('en-US')} incomplete) x ${sizes.requests.toLocaleString('en-US')} open requests (${sizes.coaches} coaches), seed ${2026}.`,
      `  1. create its own database and seed it by COPY from ${os.availableParallelism()} threads (timed; a progress line shows how far it is)`,
      `  2. rebuild the whole match index with npm run reindex in its own process (timed; about ${estimate.listedRows.toLocaleString('en-US')} listed rows expected)`,
      `  3. start the API and 2 workers: top15 ranked-list reads at 10 connections for ${options.readSeconds} s (p99, CPU per read), then ${options.saves} athlete saves -> visible (p95)`,
      `  4. write bench/results/<date>-node-svc-scale${override ? '-small' : ''}.md/.json and drop the database`,
      override
        ? `It needs about ${gb(estimate.neededBytes)} of disk.`
        : `It may take up to an hour and needs about ${gb(estimate.neededBytes)} of disk on the Postgres server's data directory. Run it on a quiet machine.`,
    ].join('\n'),
  );
  const dataDirectory = await run
    .admin(async (c) => (await c.query('show data_directory')).rows[0]?.data_directory as string | undefined)
    .catch(() => undefined);
  const free = await freeSpace(dataDirectory ?? null);
  const verdict = diskVerdict(free, estimate);
  console.log(verdict.message);
  if (!verdict.ok) return 2;
  // A last chance to stop before an hour-long run starts filling the disk.
  console.log(`Starting in ${START_DELAY_S} s (Ctrl-C to stop; later, Ctrl-C stops the run and drops its database).`);
  await sleep(START_DELAY_S * 1000);

  const startedAt = new Date();
  return run.guarded(async () => {
    const machine = await run.machine();
    log(
      `machine: ${machine.cpus} cpus (${machine.cpuModel}), ${machine.memoryGb} GB, node ${machine.node}, ${machine.postgres}; load ${machine.loadAverageAtStart.join(' ')}`,
    );
    await run.createDatabase();
    log(`database ${run.dbName}; seeding…`);
    const seeded = await run.seed({ athletes: sizes.athletes, incompleteAthletes, coaches: sizes.coaches, requests: sizes.requests });
    const db = run.db;

    const rebuild = await measureRebuild({ env: run.env, log, track: run.track, reindexArgs: run.reindexArgs }, db, sizes.athletes, null);
    // The rebuild marks every athlete indexed: a million dead row versions (of athlete_index_state
    // since 2026-12-06, of athletes before) that autovacuum would clean up on these same two cores
    // while the reads are measured, so the vacuum runs here, timed, before anything is measured.
    // (The first runs' 66-77 ms 'all' reads were not this but JIT compilation of a generic plan:
    // see worker/src/db/prepared.ts.)
    const vacuumStarted = performance.now();
    await sql`vacuum (analyze) athletes, athlete_index_state`.execute(db);
    const vacuumSeconds = round((performance.now() - vacuumStarted) / 1000, 1);
    log(`athletes and their index bookkeeping vacuumed and analyzed after the rebuild in ${vacuumSeconds} s`);
    const perRequest = (
      await sql<{
        n: string;
      }>`select coalesce(c.listed, 0) as n from coach_requests r left join match_request_counts c on c.request_id = r.id where r.deleted_at is null`.execute(db)
    ).rows.map((r) => Number(r.n));
    const index = { listedRows: perRequest.reduce((a, b) => a + b, 0), listedPerRequest: summarize(perRequest) };
    const sizesMb = (
      await sql<{ database: string; match_scores: string; athletes: string }>`select pg_database_size(current_database()) / 1048576.0 as database,
        pg_total_relation_size('match_scores') / 1048576.0 as match_scores, (pg_total_relation_size('athletes') + pg_total_relation_size('users')) / 1048576.0 as athletes`.execute(
        db,
      )
    ).rows[0];
    // The table and each of its indexes: what a partition or a replica has to hold.
    const parts = await sql<{
      name: string;
      mb: string;
    }>`select 'table (heap + toast)' as name, (pg_total_relation_size('match_scores') - pg_indexes_size('match_scores')) / 1048576.0 as mb
      union all select indexrelname, pg_relation_size(indexrelid) / 1048576.0 from pg_stat_user_indexes where relname = 'match_scores'`.execute(db);
    const matchScoresPartsMb = Object.fromEntries(parts.rows.map((r) => [r.name, round(Number(r.mb))]));
    const usedAfterMb = {
      database: round(Number(sizesMb.database)),
      matchScores: round(Number(sizesMb.match_scores)),
      athletes: round(Number(sizesMb.athletes)),
    };
    log(
      `index: ${index.listedRows} listed rows (per request p50 ${index.listedPerRequest.p50}, max ${index.listedPerRequest.max}); match_scores ${usedAfterMb.matchScores} MB, athletes + users ${usedAfterMb.athletes} MB, database ${usedAfterMb.database} MB`,
    );

    log('starting the API process and 2 workers…');
    const api = run.startApi();
    const base = `http://127.0.0.1:${await run.apiPort(api)}`;
    const workers = await run.startWorkers(2);
    const coach = await db.selectFrom('coaches').select('id').where('email', '=', 'coach.demo@example.com').executeTakeFirstOrThrow();
    const headers = { cookie: await sessionCookie(db, coach.id, 'coach') };
    const coachRequests = (await db.selectFrom('coach_requests').select('id').where('coach_id', '=', coach.id).orderBy('id').execute()).map((r) => r.id);
    const reads: ReadResult[] = [];
    for (const view of ['top15', 'all'] as const) {
      const requests = coachRequests.map((id) => ({ method: 'GET' as const, path: `/api/coach/requests/${id}/matches?view=${view}` }));
      await cannon({ url: base, connections: 10, duration: 2, headers, requests });
      const before = await cpuTimes(api.pid);
      const r = await cannon({ url: base, connections: 10, duration: options.readSeconds, headers, requests });
      const after = await cpuTimes(api.pid);
      const served = r.requests.total || 1;
      reads.push({
        ...readResult(`index ${view}`, r),
        apiCpuMsPerRequest: round((after.api - before.api) / served, 2),
        postgresCpuMsPerRequest: round((after.postgres - before.postgres) / served, 2),
      });
      const last = reads.at(-1)!;
      log(
        `index ${view}: p50 ${last.p50} ms, p99 ${last.p99} ms, ${last.rps} req/s, non-2xx ${last.non2xx}; CPU per read: API ${last.apiCpuMsPerRequest} ms, Postgres ${last.postgresCpuMsPerRequest} ms`,
      );
    }

    log(`athlete saves through PUT /api/athlete/profile (${options.saves}, one at a time)…`);
    const complete = await countRows(db.selectFrom('athletes').where('profile_completed', '=', true));
    const step = Math.max(1, Math.floor(complete / options.saves));
    const savers = (
      await sql<{
        id: string;
        profile: Record<string, unknown>;
      }>`select id, profile from (select id, profile, row_number() over (order by id) as n from athletes where profile_completed) x where n % ${step} = 0 order by id limit ${options.saves}`.execute(
        db,
      )
    ).rows;
    const saves = await measureSaves({ base, db, log, workers: 2 }, savers);
    const memory = { apiPeakRssMb: round(api.peakRssMb() ?? NaN), workersPeakRssMb: workers.map((w) => round(w.peakRssMb() ?? NaN)) };

    const top15 = reads.find((r) => r.label === 'index top15')!;
    const report: ScaleReport = {
      kind: 'scale',
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: { ...machine, loadAverageAtEnd: os.loadavg().map((x) => round(x, 2)) },
      sizes: { completeAthletes: sizes.athletes, incompleteAthletes, coaches: sizes.coaches, openRequests: sizes.requests, seed: seeded.sizes.seed, override },
      disk: { estimate, free, usedAfterMb, matchScoresPartsMb },
      seed: { seconds: seeded.seconds, athletesPerSecond: seeded.athletesPerSecond, threads: os.availableParallelism() },
      rebuild,
      vacuumSeconds,
      index,
      reads,
      saves,
      memory,
      goals: [
        {
          name: 'ranked list top15: p99 at 10 connections',
          goal: `< ${GOALS.top15P99Ms} ms`,
          measured: `${top15.p99} ms (${top15.rps} req/s; CPU per read ${top15.apiCpuMsPerRequest} ms API + ${top15.postgresCpuMsPerRequest} ms Postgres)`,
          met: top15.p99 < GOALS.top15P99Ms,
        },
        {
          name: 'athlete save -> all pairs visible (p95)',
          goal: `< ${GOALS.saveVisibleP95Ms} ms`,
          measured: `${saves.visible.p95} ms (p50 ${saves.visible.p50}, max ${saves.visible.max}; ${saves.visible.n} saves)`,
          met: saves.visible.p95 < GOALS.saveVisibleP95Ms,
        },
        {
          name: 'full index rebuild',
          goal: `< ${GOALS.rebuildSeconds / 60} min`,
          measured: `${rebuild.seconds} s (${rebuild.rowsWritten.toLocaleString('en-US')} rows)`,
          met: rebuild.completed && rebuild.seconds < GOALS.rebuildSeconds,
        },
        {
          name: 'seed',
          goal: `< ${GOALS.seedSeconds / 60} min`,
          measured: `${seeded.seconds} s (${seeded.athletesPerSecond.toLocaleString('en-US')} athletes/s)`,
          met: seeded.seconds < GOALS.seedSeconds,
        },
      ],
    };
    run.saveReport(options.out ?? `${report.startedAt.slice(0, 10)}-node-svc-scale${override ? '-small' : ''}`, report, renderScaleMarkdown(report));
    for (const g of report.goals) log(`${g.met ? 'MET   ' : 'MISSED'} ${g.name}: ${g.measured} (goal ${g.goal})`);
  });
}

export function renderScaleMarkdown(r: ScaleReport): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `# Scale run ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC${r.sizes.override ? ' (sizes overridden: not the million-athlete run)' : ''}`,
    '',
    `${n(r.sizes.completeAthletes)} complete athletes (+${n(r.sizes.incompleteAthletes)} incomplete), ${n(r.sizes.openRequests)} open requests, ${n(r.sizes.coaches)} coaches, seed ${r.sizes.seed}.`,
    '',
    `Machine: ${r.machine.cpus} x ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, ${r.machine.os}; node ${r.machine.node}; ${r.machine.postgres}. Load average ${r.machine.loadAverageAtStart.join(' ')} at the start, ${r.machine.loadAverageAtEnd.join(' ')} at the end.`,
    '',
    '| goal | target | measured | |',
    '|---|---|---|---|',
    ...r.goals.map((g) => `| ${g.name} | ${g.goal} | ${g.measured} | ${g.met ? 'met' : '**missed**'} |`),
    '',
    '## Details',
    '',
    `- Seed: ${r.seed.seconds} s with vacuum analyze (${n(r.seed.athletesPerSecond)} athletes/s by COPY from ${r.seed.threads} threads).`,
    `- Rebuild (npm run reindex, its own process): ${r.rebuild.seconds} s (${r.rebuild.wallSeconds} s with process start), ${n(r.rebuild.pairs)} pairs scored (${n(r.rebuild.pairsPerSecond)}/s), ${n(r.rebuild.rowsWritten)} rows written, peak RSS ${r.rebuild.peakRssMb} MB.${r.rebuild.phases ? ` Phases: ${describeRebuildPhases(r.rebuild.phases)}.` : ''}${r.vacuumSeconds !== undefined ? ` Then VACUUM (ANALYZE) of athletes and athlete_index_state, ${r.vacuumSeconds} s (the rebuild's marks leave a dead row version of every athlete's bookkeeping; the reads below come after it).` : ''}`,
    `- Index: ${n(r.index.listedRows)} listed rows; per request p50 ${n(r.index.listedPerRequest.p50)}, p95 ${n(r.index.listedPerRequest.p95)}, max ${n(r.index.listedPerRequest.max)}.`,
    `- Disk: estimated ${(r.disk.estimate.neededBytes / 1024 ** 3).toFixed(1)} GB needed, ${(r.disk.free.freeBytes / 1024 ** 3).toFixed(1)} GB free on ${r.disk.free.path} (${r.disk.free.of}) at the start; afterwards the database held ${n(r.disk.usedAfterMb.database)} MB (match_scores ${n(r.disk.usedAfterMb.matchScores)} MB, athletes + users ${n(r.disk.usedAfterMb.athletes)} MB). match_scores: ${Object.entries(
      r.disk.matchScoresPartsMb,
    )
      .map(([k, v]) => `${k} ${n(v)} MB`)
      .join(', ')}.`,
    `- Saves -> visible: p50 ${r.saves.visible.p50} ms, p95 ${r.saves.visible.p95} ms, max ${r.saves.visible.max} ms over ${r.saves.visible.n} saves (PUT p50 ${r.saves.put.p50} ms; ${r.saves.staleRowsAfterVisible} stale rows after visible; ${r.saves.workers} workers).`,
    `- Memory: API peak RSS ${r.memory.apiPeakRssMb} MB, workers ${r.memory.workersPeakRssMb.join(', ')} MB.`,
    '',
    '| read | connections | req/s | p50 | p99 | max | CPU per read (API + Postgres) | non-2xx |',
    '|---|---|---|---|---|---|---|---|',
    ...r.reads.map(
      (x) =>
        `| ${x.label} | ${x.connections} | ${x.rps} | ${x.p50} ms | ${x.p99} ms | ${x.max} ms | ${x.apiCpuMsPerRequest} + ${x.postgresCpuMsPerRequest} ms | ${x.non2xx} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
