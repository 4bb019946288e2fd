// npm run bench -- --processes 2x4 | --api-memory [--athletes N --requests R --coaches C] [--read-seconds S]
//
// --processes AxW: the same top15 read load on one API process, on one behind the loopback proxy
// (tests/bench/proxy.ts: what the proxy costs), and on A API processes behind it; athlete jobs with
// 2 worker processes and with W. Reports what grows with processes (reads/s, jobs/s) and what
// does not (Postgres CPU per read or job, the machine's cores).
// --api-memory: the API started with the `start` script's flags (heap capped) and with the same
// flags but the cap, alternating (capped, uncapped, uncapped, capped), each under the same loads:
// peak RSS, p99 and the API's CPU per read.
// Both seed a database of their own (default 20,000 athletes x 200 requests) and drop it after.
import os from 'node:os';
import { rebuildMatchIndex } from '@app/worker';
import { cannon, cpuTimes, machineBusyShare, machineCpu, processCpuMs, readResult, sessionCookie, timed } from './common.ts';
import { startChild, type Child } from './processes.ts';
import type { ReadResult } from './report.ts';
import { BenchRun, type Machine } from './run.ts';
import { round, sleep } from './stats.ts';

/** "2x4" -> 2 API processes, 4 worker processes. */
export function parseProcesses(text: string): { apis: number; workers: number } | null {
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  if (!m) return null;
  const apis = Number(m[1]);
  const workers = Number(m[2]);
  return apis >= 1 && workers >= 1 && apis <= 16 && workers <= 32 ? { apis, workers } : null;
}

interface ReadRun extends ReadResult {
  setup: string;
  apiProcesses: number;
  /** CPU per read of every API process, the proxy, Postgres; and the machine's busy share. */
  cpuMsPerRead: { apis: number; proxy: number; postgres: number };
  machineBusyPercent: number;
}

interface JobRun {
  workers: number;
  jobs: number;
  jobsPerSecond: number;
  cpuMsPerJob: { workers: number; postgres: number };
  machineBusyPercent: number;
}

interface MemoryRun {
  variant: 'capped' | 'uncapped';
  round: number;
  nodeArgs: string[];
  top15: ReadResult;
  all: ReadResult;
  /** The API process's CPU per top15 read (garbage collection included): steadier than p99 on a busy machine. */
  apiCpuMsPerTop15Read: number;
  /** The read-time scoring route (the whole pool read per request: what grew the heap in round 1). */
  readTimeScoring: { requests: number; failed: number; p50Ms: number };
  peakRssMb: number;
  exitedEarly: boolean;
}

export interface ScaleOutReport {
  kind: 'scale-out';
  startedAt: string;
  finishedAt: string;
  machine: Machine & { loadAverageAtEnd: number[] };
  sizes: { completeAthletes: number; coaches: number; openRequests: number; listedRows: number };
  processes?: { apis: number; workers: number; reads: ReadRun[]; jobs: JobRun[]; grows: string[]; doesNotGrow: string[] };
  apiMemory?: { runs: MemoryRun[]; summary: string[] };
}

const READ_CONNECTIONS = 20;

export async function runScaleOut(options: {
  adminUrl: string;
  redisUrl: string;
  out?: string;
  sizes: { athletes: number; coaches: number; requests: number };
  readSeconds: number;
  processes: { apis: number; workers: number } | null;
  apiMemory: boolean;
}): Promise<number> {
  const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
  const run = new BenchRun(options.adminUrl, options.redisUrl, log);
  const startedAt = new Date();
  return run.guarded(async () => {
    const machine = await run.machine();
    log(`machine: ${machine.cpus} cpus (${machine.cpuModel}), ${machine.memoryGb} GB; load ${machine.loadAverageAtStart.join(' ')}`);
    await run.createDatabase();
    const seeded = await run.seed(options.sizes);
    const built = await timed(() => rebuildMatchIndex(run.db, { log }));
    log(`index: ${built.value.listed} listed rows in ${round(built.ms / 1000, 1)} s`);
    const db = run.db;
    const coach = await db.selectFrom('coaches').select('id').where('email', '=', 'coach.demo@example.com').executeTakeFirstOrThrow();
    const headers = { cookie: await sessionCookie(db, coach.id, 'coach') };
    const coachRequests = (await db.selectFrom('coach_requests').select('id').where('coach_id', '=', coach.id).orderBy('id').execute()).map((r) => r.id);
    const paths = (view: string) => coachRequests.map((id) => ({ method: 'GET' as const, path: `/api/coach/requests/${id}/matches?view=${view}` }));

    const report: ScaleOutReport = {
      kind: 'scale-out',
      startedAt: startedAt.toISOString(),
      finishedAt: '',
      machine: { ...machine, loadAverageAtEnd: [] },
      sizes: { completeAthletes: seeded.sizes.athletes, coaches: seeded.sizes.coaches, openRequests: seeded.sizes.requests, listedRows: built.value.listed },
    };

    if (options.processes) {
      const { apis, workers } = options.processes;
      /** The top15 load against `base`, with the CPU of the given API processes, the proxy and Postgres. */
      const measureReads = async (setup: string, base: string, apiChildren: Child[], proxy: Child | null): Promise<ReadRun> => {
        await cannon({ url: base, connections: READ_CONNECTIONS, duration: 2, headers, requests: paths('top15') });
        const cpu = async () => ({
          apis: apiChildren.reduce((sum, a) => sum + processCpuMs(a.pid), 0),
          proxy: proxy ? processCpuMs(proxy.pid) : 0,
          postgres: (await cpuTimes(apiChildren[0].pid)).postgres,
          machine: machineCpu(),
        });
        const before = await cpu();
        const r = await cannon({ url: base, connections: READ_CONNECTIONS, duration: options.readSeconds, headers, requests: paths('top15') });
        const after = await cpu();
        const served = r.requests.total || 1;
        const result: ReadRun = {
          ...readResult(`index top15 (${setup})`, r),
          setup,
          apiProcesses: apiChildren.length,
          cpuMsPerRead: {
            apis: round((after.apis - before.apis) / served, 3),
            proxy: round((after.proxy - before.proxy) / served, 3),
            postgres: round((after.postgres - before.postgres) / served, 3),
          },
          machineBusyPercent: round(100 * machineBusyShare(before.machine, after.machine), 0),
        };
        log(
          `${setup}: ${result.rps} reads/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}; CPU per read: API ${result.cpuMsPerRead.apis} ms, proxy ${result.cpuMsPerRead.proxy} ms, Postgres ${result.cpuMsPerRead.postgres} ms; machine ${result.machineBusyPercent}% busy`,
        );
        return result;
      };
      const startProxy = async (ports: number[]) => {
        const proxy = startChild('proxy', 'tests/bench/proxy.ts', { UPSTREAM_PORTS: ports.join(',') });
        run.track(proxy);
        return { proxy, port: JSON.parse(await proxy.waitFor(/^\{"port":/)).port as number };
      };

      const reads: ReadRun[] = [];
      const apiChildren = Array.from({ length: apis }, (_, i) => run.startApi(`api-${i}`));
      const ports = await Promise.all(apiChildren.map((a) => run.apiPort(a)));
      reads.push(await measureReads('1 API process, direct', `http://127.0.0.1:${ports[0]}`, [apiChildren[0]], null));
      const single = await startProxy([ports[0]]);
      reads.push(await measureReads('1 API process behind the proxy', `http://127.0.0.1:${single.port}`, [apiChildren[0]], single.proxy));
      await single.proxy.stop();
      const spread = await startProxy(ports);
      reads.push(await measureReads(`${apis} API processes behind the proxy`, `http://127.0.0.1:${spread.port}`, apiChildren, spread.proxy));
      await spread.proxy.stop();
      await Promise.all(apiChildren.map((a) => a.stop()));

      const complete = (await db.selectFrom('athletes').select('id').where('profile_completed', '=', true).orderBy('id').execute()).map((r) => r.id);
      const jobs: JobRun[] = [];
      const jobCount = Math.min(1500, Math.floor(complete.length / 4));
      for (const [i, count] of [...new Set([Math.min(2, workers), workers])].entries()) {
        const started = await run.startWorkers(count);
        await run.rescoreAthletes(complete.filter((_, k) => k % 4 === 3).slice(0, 100));
        const timedIds = complete.filter((_, k) => k % 4 === i).slice(0, jobCount);
        const cpu = async () => ({
          workers: started.reduce((sum, w) => sum + processCpuMs(w.pid), 0),
          postgres: (await cpuTimes(process.pid)).postgres,
          machine: machineCpu(),
        });
        const before = await cpu();
        const done = await timed(() => run.rescoreAthletes(timedIds));
        const after = await cpu();
        await Promise.all(started.map((w) => w.stop()));
        jobs.push({
          workers: count,
          jobs: timedIds.length,
          jobsPerSecond: round(timedIds.length / (done.ms / 1000), 1),
          cpuMsPerJob: {
            workers: round((after.workers - before.workers) / timedIds.length, 2),
            postgres: round((after.postgres - before.postgres) / timedIds.length, 2),
          },
          machineBusyPercent: round(100 * machineBusyShare(before.machine, after.machine), 0),
        });
        const j = jobs.at(-1)!;
        log(
          `${count} worker processes (2 jobs each): ${j.jobsPerSecond} athlete jobs/s; CPU per job: workers ${j.cpuMsPerJob.workers} ms, Postgres ${j.cpuMsPerJob.postgres} ms; machine ${j.machineBusyPercent}% busy`,
        );
      }
      report.processes = { apis, workers, reads, jobs, ...verdicts(reads, jobs) };
    }

    if (options.apiMemory) {
      // The start script caps the API's heap (bench/results/README.md: what the cap costs and saves).
      const capped = run.apiArgs;
      const uncapped = run.uncappedApiArgs;
      const runs: MemoryRun[] = [];
      // ABBA: the machine's load drifts, and each variant runs once first and once second.
      for (const round_ of [1, 2]) {
        for (const variant of round_ === 1 ? (['capped', 'uncapped'] as const) : (['uncapped', 'capped'] as const)) {
          const nodeArgs = variant === 'capped' ? capped : uncapped;
          const api = run.startApi(`api-${variant}-${round_}`, [], nodeArgs);
          const base = `http://127.0.0.1:${await run.apiPort(api)}`;
          const rss = setInterval(() => api.peakRssMb(), 100);
          await cannon({ url: base, connections: 10, duration: 2, headers, requests: paths('top15') });
          const cpuBefore = processCpuMs(api.pid);
          const top15 = readResult(
            'index top15',
            await cannon({ url: base, connections: 10, duration: options.readSeconds, headers, requests: paths('top15') }),
          );
          const apiCpuMsPerTop15Read = round((processCpuMs(api.pid) - cpuBefore) / Math.max(1, top15.requests), 3);
          const all = readResult('index all', await cannon({ url: base, connections: 10, duration: options.readSeconds, headers, requests: paths('all') }));
          // Read-time scoring, 10 at once: the heaviest allocation the API serves (bench-only route).
          const latencies: number[] = [];
          let failed = 0;
          await Promise.all(
            coachRequests
              .concat(coachRequests)
              .slice(0, 10)
              .map(async (id) => {
                const t0 = performance.now();
                try {
                  const res = await fetch(`${base}/api/bench/score-at-read/${id}?view=top15&pool=all`, { headers, signal: AbortSignal.timeout(300_000) });
                  await res.arrayBuffer();
                  if (res.ok) latencies.push(performance.now() - t0);
                  else failed++;
                } catch {
                  failed++;
                }
              }),
          );
          clearInterval(rss);
          const exitedEarly = api.proc.exitCode !== null || api.proc.signalCode !== null;
          const peakRssMb = round(api.peakRssMb() ?? NaN, 1);
          await api.stop();
          latencies.sort((a, b) => a - b);
          runs.push({
            variant,
            round: round_,
            nodeArgs,
            top15,
            all,
            readTimeScoring: { requests: 10, failed, p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? NaN) },
            apiCpuMsPerTop15Read,
            peakRssMb,
            exitedEarly,
          });
          log(
            `API ${variant} (${nodeArgs.join(' ')}), round ${round_}: peak RSS ${peakRssMb} MB; top15 p99 ${top15.p99} ms (${top15.rps} req/s, API CPU ${apiCpuMsPerTop15Read} ms per read); all p99 ${all.p99} ms; read-time scoring ${10 - failed}/10 answered${exitedEarly ? '; the process died' : ''}`,
          );
          await sleep(500);
        }
      }
      const mean = (variant: string, pick: (r: MemoryRun) => number) =>
        round(runs.filter((r) => r.variant === variant).reduce((s, r) => s + pick(r), 0) / 2, 1);
      report.apiMemory = {
        runs,
        summary: [
          `peak RSS: capped ${mean('capped', (r) => r.peakRssMb)} MB, uncapped ${mean('uncapped', (r) => r.peakRssMb)} MB (mean of 2 rounds)`,
          `top15 p99: capped ${mean('capped', (r) => r.top15.p99)} ms, uncapped ${mean('uncapped', (r) => r.top15.p99)} ms; top15 req/s: capped ${mean('capped', (r) => r.top15.rps)}, uncapped ${mean('uncapped', (r) => r.top15.rps)}`,
          `API CPU per top15 read: capped ${mean('capped', (r) => r.apiCpuMsPerTop15Read * 1000) / 1000} ms, uncapped ${mean('uncapped', (r) => r.apiCpuMsPerTop15Read * 1000) / 1000} ms`,
          `all p99: capped ${mean('capped', (r) => r.all.p99)} ms, uncapped ${mean('uncapped', (r) => r.all.p99)} ms`,
        ],
      };
      for (const line of report.apiMemory.summary) log(line);
    }

    report.finishedAt = new Date().toISOString();
    report.machine.loadAverageAtEnd = os.loadavg().map((x) => round(x, 2));
    const name =
      options.out ??
      `${report.startedAt.slice(0, 10)}-node-svc-${options.processes ? `processes-${options.processes.apis}x${options.processes.workers}` : 'api-memory'}`;
    run.saveReport(name, report, renderScaleOutMarkdown(report));
  });
}

/** Which figures grew with processes (more than 15 %) and which did not. */
export function verdicts(reads: ReadRun[], jobs: JobRun[]): { grows: string[]; doesNotGrow: string[] } {
  const grows: string[] = [];
  const doesNotGrow: string[] = [];
  const one = reads[0];
  const many = reads.at(-1)!;
  const say = (grew: boolean, text: string) => (grew ? grows : doesNotGrow).push(text);
  say(
    many.rps > one.rps * 1.15,
    `reads/s: ${one.rps} with 1 API process -> ${many.rps} with ${many.apiProcesses} behind the proxy (x${round(many.rps / one.rps, 2)})`,
  );
  const postgresGrew = many.cpuMsPerRead.postgres > one.cpuMsPerRead.postgres * 1.15;
  say(
    postgresGrew,
    `Postgres CPU per read: ${one.cpuMsPerRead.postgres} -> ${many.cpuMsPerRead.postgres} ms${postgresGrew ? ' (more per read: contention)' : " (the same work per read: the one shared database's total CPU grows with reads/s)"}`,
  );
  // API CPU against the single process behind the same proxy (the proxy's own cost is a line of its own).
  const proxied = reads.find((r) => r.apiProcesses === 1 && r.cpuMsPerRead.proxy > 0) ?? one;
  say(
    many.cpuMsPerRead.apis > proxied.cpuMsPerRead.apis * 1.15,
    `API CPU per read: ${proxied.cpuMsPerRead.apis} ms with 1 process -> ${many.cpuMsPerRead.apis} ms with ${many.apiProcesses}`,
  );
  if (proxied !== one)
    doesNotGrow.push(
      `the proxy's CPU per read: ${proxied.cpuMsPerRead.proxy} ms with 1 API process, ${many.cpuMsPerRead.proxy} ms with ${many.apiProcesses} (a cost per read, in front of every read)`,
    );
  say(many.machineBusyPercent > one.machineBusyPercent + 10, `machine CPU busy during reads: ${one.machineBusyPercent}% -> ${many.machineBusyPercent}%`);
  if (jobs.length >= 2) {
    const [a, b] = [jobs[0], jobs.at(-1)!];
    say(
      b.jobsPerSecond > a.jobsPerSecond * 1.15,
      `athlete jobs/s: ${a.jobsPerSecond} with ${a.workers} worker processes -> ${b.jobsPerSecond} with ${b.workers} (x${round(b.jobsPerSecond / a.jobsPerSecond, 2)})`,
    );
    say(b.cpuMsPerJob.postgres > a.cpuMsPerJob.postgres * 1.15, `Postgres CPU per job: ${a.cpuMsPerJob.postgres} -> ${b.cpuMsPerJob.postgres} ms`);
  }
  return { grows, doesNotGrow };
}

export function renderScaleOutMarkdown(r: ScaleOutReport): string {
  const lines = [
    `# Scale-out run ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${r.sizes.completeAthletes.toLocaleString('en-US')} complete athletes, ${r.sizes.openRequests} open requests, ${r.sizes.listedRows.toLocaleString('en-US')} listed rows.`,
    `Machine: ${r.machine.cpus} x ${r.machine.cpuModel}, ${r.machine.memoryGb} GB; node ${r.machine.node}; ${r.machine.postgres}. Load average ${r.machine.loadAverageAtStart.join(' ')} at the start, ${r.machine.loadAverageAtEnd.join(' ')} at the end.`,
    '',
  ];
  if (r.processes) {
    const p = r.processes;
    lines.push(
      `## ${p.apis} API processes behind a loopback proxy, ${p.workers} worker processes`,
      '',
      `Top15 reads at ${READ_CONNECTIONS} connections.`,
      '',
      ...(p.reads[0].machineBusyPercent >= 90
        ? [
            `**The machine's cores were already ${p.reads[0].machineBusyPercent}% busy with one API process** (its own load and whatever else ran): more processes cannot add reads/s or jobs/s here; on a machine with idle cores they can. CPU per read and per job is the figure to compare.`,
            '',
          ]
        : []),
      'Postgres CPU is that of every `postgres` process on the machine (exact only when nothing else uses the server).',
      '',
      '| setup | reads/s | p50 | p99 | CPU per read: API + proxy + Postgres | machine busy | non-2xx |',
      '|---|---|---|---|---|---|---|',
      ...p.reads.map(
        (x) =>
          `| ${x.setup} | ${x.rps} | ${x.p50} ms | ${x.p99} ms | ${x.cpuMsPerRead.apis} + ${x.cpuMsPerRead.proxy} + ${x.cpuMsPerRead.postgres} ms | ${x.machineBusyPercent}% | ${x.non2xx} |`,
      ),
      '',
      '| worker processes (2 jobs each) | athlete jobs | jobs/s | CPU per job: workers + Postgres | machine busy |',
      '|---|---|---|---|---|',
      ...p.jobs.map(
        (j) => `| ${j.workers} | ${j.jobs} | ${j.jobsPerSecond} | ${j.cpuMsPerJob.workers} + ${j.cpuMsPerJob.postgres} ms | ${j.machineBusyPercent}% |`,
      ),
      '',
      '**Grows with processes:**',
      ...(p.grows.length ? p.grows.map((g) => `- ${g}`) : ['- nothing (more than 15 %)']),
      '',
      '**Does not grow:**',
      ...(p.doesNotGrow.length ? p.doesNotGrow.map((g) => `- ${g}`) : ['- (everything grew)']),
      '',
    );
  }
  if (r.apiMemory) {
    lines.push(
      '## API heap cap',
      '',
      '| variant | round | Node flags | peak RSS | top15 p99 (req/s; API CPU per read) | all p99 | read-time scoring (10 at once) |',
      '|---|---|---|---|---|---|---|',
      ...r.apiMemory.runs.map(
        (x) =>
          `| ${x.variant} | ${x.round} | \`${x.nodeArgs.join(' ')}\` | ${x.peakRssMb} MB | ${x.top15.p99} ms (${x.top15.rps}; ${x.apiCpuMsPerTop15Read} ms) | ${x.all.p99} ms | ${10 - x.readTimeScoring.failed}/10 answered, p50 ${x.readTimeScoring.p50Ms} ms${x.exitedEarly ? ', **process died**' : ''} |`,
      ),
      '',
      ...r.apiMemory.summary.map((s) => `- ${s}`),
      '',
    );
  }
  return lines.join('\n');
}
