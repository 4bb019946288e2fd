// Pieces shared by the benchmark's runs (bench.ts: the full and quick runs; scale.ts: the
// million-athlete run; processes.ts' children): load generation, CPU and memory readings, the
// rebuild and save measurements.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '@app/worker';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import { countRows } from '../support/count.ts';
import { sessionCookieName } from '../../api/src/auth/session.ts';
import { ROOT, startChild, type Child } from './processes.ts';
import { rebuildPhasesOf, type BenchReport, type ReadResult } from './report.ts';
import { round, sleep, summarize, type Summary } from './stats.ts';

export /** The Node flags an npm script runs its entry with ("tsx --flag … entry.ts"): processes start as deployed. */
function scriptNodeFlags(script: string): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (scripts[script] ?? '').split(/\s+/).filter((token) => token.startsWith('--'));
}

/** A signed-in session straight in the database (the benchmark measures matching, not login). */
export async function sessionCookie(db: Kysely<Database>, userId: string, role: 'athlete' | 'coach' | 'agent'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id_hash: createHash('sha256').update(token).digest('hex'), user_id: userId, role, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  return `${sessionCookieName(true)}=${token}`;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/**
 * autocannon in a worker thread of its own: on this process's main thread its timings also caught
 * this process's own garbage-collection pauses (the top15 p99 read 19 ms there, 12 ms from a
 * thread, the server unchanged).
 */
export async function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ workers: 1, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export function readResult(label: string, r: autocannon.Result): ReadResult {
  return {
    label,
    connections: r.connections,
    requests: r.requests.total,
    seconds: round(r.duration, 1),
    rps: round(r.requests.average, 1),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    mean: round(r.latency.mean, 2),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** What starting and tracking a child process needs (the caller stops its children at the end). */
export interface ChildContext {
  env: Record<string, string>;
  log: (line: string) => void;
  track: (child: Child) => void;
}

/**
 * The product's full rebuild (`npm run reindex`) in its own process, from an empty index. With a
 * cap, a rebuild still running then is stopped and its rate projected to the whole pool.
 */
export async function measureRebuild(
  ctx: ChildContext & { reindexArgs: string[] },
  db: Kysely<Database>,
  totalAthletes: number,
  capSeconds: number | null,
): Promise<BenchReport['rebuild']> {
  ctx.log(`full index rebuild (npm run reindex, its own process${capSeconds ? `; stopped after ${capSeconds} s if still running` : ''})…`);
  const openRequests = await countRows(db.selectFrom('coach_requests').where('deleted_at', 'is', null));
  const reindex = startChild('reindex', 'worker/src/reindex-cli.ts', ctx.env, ctx.reindexArgs);
  ctx.track(reindex);
  const rssTimer = setInterval(() => reindex.peakRssMb(), 200);
  const started = performance.now();
  let capped = false;
  const capTimer = capSeconds
    ? setTimeout(() => {
        capped = true;
        reindex.proc.kill('SIGTERM');
      }, capSeconds * 1000)
    : null;
  const code = await reindex.exited;
  const wallSeconds = round((performance.now() - started) / 1000, 1);
  if (capTimer) clearTimeout(capTimer);
  clearInterval(rssTimer);
  const peakRssMb = round(reindex.peakRssMb() ?? NaN, 1);
  let result: BenchReport['rebuild'];
  if (!capped) {
    if (code !== 0) throw new Error(`reindex failed:\n${reindex.output.slice(-20).join('\n')}`);
    const summaryLine = reindex.output.find((l) => l.startsWith('Pairs scored:')) ?? '';
    const m = /Pairs scored: (\d+) \((\d+)\/s\); listed rows: (\d+);.* ([\d.]+) s\./.exec(summaryLine);
    if (!m) throw new Error(`reindex printed no summary:\n${reindex.output.slice(-10).join('\n')}`);
    result = {
      completed: true,
      seconds: Number(m[4]),
      wallSeconds,
      athletesDone: totalAthletes,
      pairs: Number(m[1]),
      pairsPerSecond: Number(m[2]),
      rowsWritten: Number(m[3]),
      projectedSeconds: Number(m[4]),
      peakRssMb,
      phases: rebuildPhasesOf(reindex.output),
    };
  } else {
    const progress = [...reindex.output]
      .reverse()
      .map((l) => /^\[reindex\] (\d+) athletes, (\d+) rows written/.exec(l))
      .find((x) => x !== null);
    const done = progress ? Number(progress[1]) : 0;
    const pairs = done * openRequests;
    result = {
      completed: false,
      seconds: wallSeconds,
      wallSeconds,
      athletesDone: done,
      pairs,
      pairsPerSecond: Math.round(pairs / wallSeconds),
      rowsWritten: progress ? Number(progress[2]) : 0,
      projectedSeconds: done > 0 ? round((wallSeconds * totalAthletes) / done, 0) : Infinity,
      peakRssMb,
    };
  }
  ctx.log(
    `rebuild: ${result.completed ? `done in ${result.seconds} s (${wallSeconds} s with process start)` : `stopped at ${wallSeconds} s after ${result.athletesDone} of ${totalAthletes} athletes; projected ${result.projectedSeconds} s`}, ` +
      `${result.pairsPerSecond} pairs/s, ${result.rowsWritten} rows written, peak RSS ${peakRssMb} MB`,
  );
  return result;
}

export const CLOCK_TICK_MS = 10; // Linux USER_HZ is 100 on every common kernel

/** CPU time (user + system, ms) a process has used, from /proc. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU used so far by the API process and by the Postgres server: differences over a load run give
 * the CPU cost per request or job, which the shared machine's load does not distort the way it
 * distorts latency. Postgres counts every process of the server (backends, WAL writer, background
 * writer, autovacuum) plus the children it has reaped (backends whose connection closed during the
 * run), so it is exact on a machine where only the benchmark uses the server.
 */
export async function cpuTimes(apiPid: number): Promise<{ api: number; postgres: number }> {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      postgres += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
    } catch {
      // the process ended meanwhile
    }
  }
  return { api: processCpuMs(apiPid), postgres };
}

/** Busy and total CPU time of the whole machine so far (all cores), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = ticks.map(Number);
  const idle = values[3] + values[4]; // idle + iowait
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** The share (0..1) of the machine's CPU time that was busy between two machineCpu() readings. */
export function machineBusyShare(before: { busy: number; total: number }, after: { busy: number; total: number }): number {
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

export interface SaveResult {
  put: Summary;
  visible: Summary;
  staleRowsAfterVisible: number;
  workers: number;
}

/**
 * Athlete saves through PUT /api/athlete/profile, one at a time, each timed until the athlete's
 * `indexed_version` caught up (every pair rescored and committed).
 */
export async function measureSaves(
  deps: { base: string; db: Kysely<Database>; log: (line: string) => void; workers: number },
  savers: ReadonlyArray<{ id: string; profile: Record<string, unknown> }>,
): Promise<SaveResult> {
  const { base, db, log } = deps;
  const saveMs: number[] = [];
  const putMs: number[] = [];
  let staleAfterSave = 0;
  for (const [i, athlete] of savers.entries()) {
    const cookie = await sessionCookie(db, athlete.id, 'athlete');
    const { email: _e, profilePhotoUrl: _p, ...body } = athlete.profile;
    // A real change: the GPA moves by a step, up or down, so the athlete's scores change.
    // Up for even saves, down for odd ones, turned around at the scale's bounds.
    const custom = body.gradingScale === 'custom';
    const max = custom ? 4 : body.gradingScale === 'hundred-point' ? 100 : body.gradingScale === 'twenty-point' ? 20 : 10;
    const stepSize = max / 20;
    const current = Number(custom ? body.gpa : body.academicStanding);
    let next = current + (i % 2 === 0 ? stepSize : -stepSize);
    if (next > max || next < 0) next = current - (next - current);
    next = Math.round(next * 10) / 10;
    if (custom) body.gpa = next;
    else body.academicStanding = body.gradingScale === 'hundred-point' ? Math.round(next) : next;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/athlete/profile`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`PUT /api/athlete/profile answered ${res.status}: ${await res.text()}`);
    putMs.push(performance.now() - t0);
    for (let polls = 0; ; polls++) {
      const row = await db
        .selectFrom('athlete_index_state')
        .select(['version', 'indexed_version'])
        .where('athlete_id', '=', athlete.id)
        .executeTakeFirstOrThrow();
      if (BigInt(row.indexed_version) >= BigInt(row.version)) {
        saveMs.push(performance.now() - t0);
        const stale = await db
          .selectFrom('match_scores')
          .select('request_id')
          .where('athlete_id', '=', athlete.id)
          .where('athlete_version', '<', row.version)
          .execute();
        staleAfterSave += stale.length;
        break;
      }
      if (polls > 6000) throw new Error(`athlete ${athlete.id} not indexed after 30 s`);
      await sleep(5);
    }
    await sleep(20);
  }
  const saves = { put: summarize(putMs), visible: summarize(saveMs), staleRowsAfterVisible: staleAfterSave, workers: deps.workers };
  log(`save -> all pairs visible: p50 ${saves.visible.p50} ms, p95 ${saves.visible.p95} ms, max ${saves.visible.max} ms (PUT itself p50 ${saves.put.p50} ms)`);
  return saves;
}
