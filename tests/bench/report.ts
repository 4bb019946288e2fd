import type { RequestEditResult, ShareEmailResult, SseFanoutResult } from './after-match.ts';
import { round, type Summary } from './stats.ts';

export interface ReadResult {
  label: string;
  connections: number;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  non2xx: number;
  errors: number;
  /** CPU time per served request (index reads only). */
  apiCpuMsPerRequest?: number;
  postgresCpuMsPerRequest?: number;
  /**
   * The load generator's own CPU per request (autocannon, in the bench process, on the same
   * cores) and the share of the machine left idle during the run (index reads at 10 connections;
   * absent in reports before 2026-11-27 18:00 UTC).
   */
  loadGeneratorCpuMsPerRequest?: number;
  machineIdlePercent?: number;
}

/** A finished rebuild's phases, in seconds (the reindex process's log lines; see rebuildPhasesOf). */
export interface RebuildPhases {
  /** Scoring every pair and loading the listed rows into the new table by COPY. */
  load: number;
  /** The new table's indexes and constraints, built at the same time. */
  indexes: number;
  /** Deletes replayed, the swap, the checks, the statistics and the top 15s recorded. */
  swap: number;
  /** Every athlete's best score anew. */
  bestScores: number;
  /** The athletes the build read marked indexed (a seeded or restored database's first rebuild marks them all). */
  marking: number;
  /** How many athletes that marked. */
  athletesMarked: number;
}

/** The phases as one line of a report. */
export function describeRebuildPhases(p: RebuildPhases): string {
  return `scoring and loading ${p.load} s, index builds ${p.indexes} s, swap and checks ${p.swap} s, best scores ${p.bestScores} s, ${p.athletesMarked.toLocaleString('en-US')} athletes marked indexed ${p.marking} s`;
}

/**
 * A finished rebuild's phases from the reindex process's log lines (worker/src/processors/index-rebuild.ts):
 * the load's and the builds' own durations, then the times since its start at which the swap, the best
 * scores and the marking ended. Undefined if a line is missing (a reindex older than these lines).
 */
export function rebuildPhasesOf(output: readonly string[]): RebuildPhases | undefined {
  const line = (pattern: RegExp) => output.map((l) => pattern.exec(l)).find((m) => m !== null);
  const loaded = line(/^\[reindex\] \d+ rows scored and loaded in ([\d.]+) s/);
  const built = line(/^\[reindex\] indexes built in ([\d.]+) s/);
  const swapped = line(/^\[reindex\] swapped in, .* at ([\d.]+) s/);
  const best = line(/^\[reindex\] best scores refreshed at ([\d.]+) s/);
  const marked = line(/^\[reindex\] (\d+) athletes marked indexed at ([\d.]+) s/);
  if (!loaded || !built || !swapped || !best || !marked) return undefined;
  const [load, indexes, swappedAt, bestAt] = [loaded, built, swapped, best].map((m) => Number(m[1]));
  return {
    load,
    indexes,
    swap: round(swappedAt - load - indexes, 1),
    bestScores: round(bestAt - swappedAt, 1),
    marking: round(Number(marked[2]) - bestAt, 1),
    athletesMarked: Number(marked[1]),
  };
}

export interface BenchReport {
  kind: 'full' | 'quick';
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    postgres: string;
    redis: string;
    os: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    /** Absent in reports before 2026-11-27 (a fixed 10 then). */
    databasePoolSize?: number;
  };
  sizes: { completeAthletes: number; incompleteAthletes: number; coaches: number; openRequests: number; seed: number };
  /** Where the run's data came from, and how long that took. */
  data: {
    source: string;
    seconds: number;
    /** The shared matches seeded before the reads (tests/seed/matches.ts); absent: none (every run before 2026-11-28). */
    matches?: { perRequest: number; matches: number; events: number };
    /** The seeded matches' messages and the agents' unread message notifications (tests/seed/matches.ts seedConversations). */
    conversations?: { messages: number; notifications: number };
  };
  /** The match index the reads ran on. */
  index: { listedRows: number; listedPerRequest: Summary; sizeMb: number };
  rebuild: {
    /** False when the benchmark stopped the rebuild at its time cap. */
    completed: boolean;
    seconds: number;
    wallSeconds: number;
    athletesDone: number;
    pairs: number;
    pairsPerSecond: number;
    rowsWritten: number;
    projectedSeconds: number;
    peakRssMb: number;
    /** Where a finished rebuild's time went, from its own log lines (absent in reports before 2026-12-06). */
    phases?: RebuildPhases;
  };
  reads: ReadResult[];
  baselines: ReadResult[];
  sameTop15AsBaseline: boolean;
  saves: { put: Summary; visible: Summary; staleRowsAfterVisible: number; workers: number };
  creates: { ready: Summary; listed: Summary; workers: number };
  /** Issue 21: request edits -> ranked list of the new version ready (absent in older reports). */
  edits?: RequestEditResult;
  /** Issue 17: share -> notification email accepted by the SMTP sink. */
  shares?: ShareEmailResult;
  /** Issue 17: many open event streams on one API process, a notification delivered to one of them. */
  sse?: SseFanoutResult & { otherApiRssMb?: number };
  throughput: Array<{
    workers: number;
    /** Jobs each worker process runs at once (WORKER_CONCURRENCY). */
    concurrency: number;
    athleteJobs: number;
    athleteJobsPerSecond: number;
    athletePairsPerSecond: number;
    requestJobs: number;
    requestJobsPerSecond: number;
    /** CPU time per timed athlete job: all worker processes, and the bench database's Postgres backends. */
    cpuMsPerAthleteJob: { workers: number; postgres: number };
    /** Share of the machine's CPU (all cores) busy during the timed athlete jobs. */
    machineCpuBusyPercent: number;
    /**
     * The same batch once the processes had run `jobsBefore` athlete jobs in all; the first timed
     * batch came after `freshJobsBefore` (absent in reports before 2026-11-26's sixth session).
     */
    warm?: { freshJobsBefore: number; jobsBefore: number; athleteJobsPerSecond: number; cpuMsPerAthleteJob: { workers: number; postgres: number } };
    peakRssMb: number[];
  }>;
  memory: { latencyWorkersPeakRssMb: number[]; apiPeakRssMb: number; reindexPeakRssMb: number };
  targets: Array<{ name: string; target: string; measured: string; met: boolean }>;
}

const fmt = (n: number | null | undefined) => (typeof n === 'number' ? n.toLocaleString('en-US') : 'n/a');

export function renderMarkdown(r: BenchReport, svgName: string): string {
  const m = r.machine;
  const lines: string[] = [];
  lines.push(`# Benchmark (${r.kind}) — ${r.startedAt.slice(0, 10)}`);
  lines.push('');
  lines.push(
    `Produced by \`npm run bench${r.kind === 'quick' ? ' -- --quick' : ''}\` (tests/bench/bench.ts) on real Postgres and Redis, in its own database and queue prefix, ` +
      `${r.startedAt.slice(11, 19)}–${r.finishedAt.slice(11, 19)} UTC.`,
  );
  lines.push('');
  lines.push('How it measures, and where the misses come from: [README.md](README.md).');
  lines.push('');
  lines.push(
    `**Machine:** ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB RAM, ${m.os}; Node ${m.node}; ${m.postgres}; Redis ${m.redis}; database pool ${m.databasePoolSize ?? 10} per process.`,
  );
  lines.push(
    `Load average ${m.loadAverageAtStart.join(' / ')} at start, ${m.loadAverageAtEnd.join(' / ')} at end. ` +
      'Postgres, Redis, the API process, the worker processes and the load generator all ran on these cores, a virtual machine whose speed varies with its host (on 2026-11-21 the same code read 1.8 times more CPU time per request from one hour to the next); figures are what it gave during this run.',
  );
  lines.push('');
  lines.push(
    `**Data:** ${fmt(r.sizes.completeAthletes)} complete athletes (+${fmt(r.sizes.incompleteAthletes)} incomplete), ${fmt(r.sizes.coaches)} coaches, ` +
      `${fmt(r.sizes.openRequests)} open requests; deterministic seed ${r.sizes.seed} (tests/seed), ${r.data.source} (${r.data.seconds} s). ` +
      `Match index: ${fmt(r.index.listedRows)} listed pairs (per request p50 ${fmt(r.index.listedPerRequest.p50)}, p95 ${fmt(r.index.listedPerRequest.p95)}, max ${fmt(r.index.listedPerRequest.max)}), ${r.index.sizeMb} MB with its indexes. ` +
      (r.data.matches
        ? `Matches: ${fmt(r.data.matches.matches)} (each request's ${r.data.matches.perRequest} best-ranked athletes shared or declined over four weeks, tests/seed/matches.ts), ${fmt(r.data.matches.events)} events.` +
          (r.data.conversations
            ? ` Conversations: ${fmt(r.data.conversations.messages)} messages (each accepted match's athlete wrote, a third of the coaches answered), ${fmt(r.data.conversations.notifications)} unread message notifications.`
            : '')
        : 'Matches: none (the reads ran with an empty matches table).'),
  );
  lines.push('');
  lines.push('## Targets (DESIGN.md "Performance targets")');
  lines.push('');
  lines.push('| target | goal | measured | |');
  lines.push('|---|---|---|---|');
  for (const t of r.targets) lines.push(`| ${t.name} | ${t.target} | ${t.measured} | ${t.met ? '✅ met' : '❌ missed'} |`);
  lines.push('');
  lines.push(`![Ranked-list latency and worker throughput](${svgName})`);
  lines.push('');
  lines.push('## Full index rebuild (`npm run reindex`, its own process, from an empty index)');
  lines.push('');
  lines.push('| finished | athletes done | pairs scored | pairs/s | rows written | time | with process start | projected for the whole pool | peak RSS |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  const b = r.rebuild;
  lines.push(
    `| ${b.completed ? 'yes' : 'no: stopped at the time cap'} | ${fmt(b.athletesDone)} | ${fmt(b.pairs)} | ${fmt(b.pairsPerSecond)} | ${fmt(b.rowsWritten)} | ${b.seconds} s | ${b.wallSeconds} s | ${fmt(b.projectedSeconds)} s | ${b.peakRssMb} MB |`,
  );
  lines.push('');
  if (b.phases) {
    lines.push(`Phases: ${describeRebuildPhases(b.phases)}.`);
    lines.push('');
  }
  lines.push('## Ranked list reads (HTTP, autocannon over loopback)');
  lines.push('');
  lines.push(
    "`GET /api/coach/requests/:id/matches?view=…` as the demo coach, cycling over that coach's requests; the baseline is a bench-only route (tests/bench/baseline.ts) on the same server that returns the same list by scoring at read time with the domain's `scorePair`.",
  );
  lines.push('');
  lines.push(
    '| what | connections | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx | errors | CPU ms per request (API + Postgres) | load generator CPU ms per request | machine idle |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const x of [...r.reads, ...r.baselines]) {
    const cpu = x.apiCpuMsPerRequest === undefined ? '' : `${x.apiCpuMsPerRequest} + ${x.postgresCpuMsPerRequest}`;
    const generator = x.loadGeneratorCpuMsPerRequest ?? '';
    const idle = x.machineIdlePercent === undefined ? '' : `${x.machineIdlePercent}%`;
    lines.push(
      `| ${x.label} | ${x.connections} | ${fmt(x.requests)} | ${fmt(x.rps)} | ${x.p50} | ${x.p90} | ${x.p99} | ${x.max} | ${x.non2xx} | ${x.errors} | ${cpu} | ${generator} | ${idle} |`,
    );
  }
  lines.push('');
  lines.push(`Index and read-time scoring return the same top 15 for the first request: **${r.sameTop15AsBaseline ? 'yes' : 'NO'}**.`);
  lines.push('');
  lines.push(`## Freshness (${r.saves.workers} worker processes)`);
  lines.push('');
  lines.push('| what | n | p50 ms | p95 ms | max ms |');
  lines.push('|---|---|---|---|---|');
  lines.push(`| athlete PUT /api/athlete/profile answered | ${r.saves.put.n} | ${r.saves.put.p50} | ${r.saves.put.p95} | ${r.saves.put.max} |`);
  lines.push(
    `| athlete save -> every pair rescored and visible (indexed_version caught up) | ${r.saves.visible.n} | ${r.saves.visible.p50} | ${r.saves.visible.p95} | ${r.saves.visible.max} |`,
  );
  lines.push(
    `| coach POST /api/coach/requests -> list status 'ready' (polled over HTTP) | ${r.creates.ready.n} | ${r.creates.ready.p50} | ${r.creates.ready.p95} | ${r.creates.ready.max} |`,
  );
  lines.push('');
  if (r.edits)
    lines.push(
      `| coach PATCH /api/coach/requests/:id (minimum GPA) answered | ${r.edits.patch.n} | ${r.edits.patch.p50} | ${r.edits.patch.p95} | ${r.edits.patch.max} |`,
    );
  if (r.edits)
    lines.push(
      `| coach edit -> list status 'ready' for the new version (polled over HTTP) | ${r.edits.ready.n} | ${r.edits.ready.p50} | ${r.edits.ready.p95} | ${r.edits.ready.max} |`,
    );
  lines.push('');
  lines.push(
    `Rows of an older athlete version left once the save was visible: ${r.saves.staleRowsAfterVisible}. Listed athletes of the created requests: p50 ${fmt(r.creates.listed.p50)}, max ${fmt(r.creates.listed.max)}.`,
  );
  lines.push('');
  if (r.shares || r.sse) {
    lines.push(`## Notifications and live events (${r.saves.workers} worker processes, mail to an in-process SMTP server)`);
    lines.push('');
    lines.push('| what | n | p50 ms | p95 ms | max ms |');
    lines.push('|---|---|---|---|---|');
    if (r.shares) {
      lines.push(
        `| coach POST /api/coach/matches (share) answered | ${r.shares.post.n} | ${r.shares.post.p50} | ${r.shares.post.p95} | ${r.shares.post.max} |`,
      );
      lines.push(
        `| share -> notification email to the athlete accepted by the SMTP server | ${r.shares.emailAccepted.n} | ${r.shares.emailAccepted.p50} | ${r.shares.emailAccepted.p95} | ${r.shares.emailAccepted.max} |`,
      );
    }
    if (r.sse) {
      lines.push(
        `| share -> 'notification' event on the athlete's stream, ${fmt(r.sse.streamsOpen)} streams open | ${r.sse.delivered.n} | ${r.sse.delivered.p50} | ${r.sse.delivered.p95} | ${r.sse.delivered.max} |`,
      );
      lines.push(
        `| of which: Redis publish (worker) -> event on the stream | ${r.sse.busToStream.n} | ${r.sse.busToStream.p50} | ${r.sse.busToStream.p95} | ${r.sse.busToStream.max} |`,
      );
    }
    lines.push('');
    if (r.shares) {
      lines.push(
        `CPU per share (POST, outbox, notification job, email): API ${r.shares.cpuMsPerShare.api} ms, Postgres ${r.shares.cpuMsPerShare.postgres} ms, workers ${r.shares.cpuMsPerShare.workers} ms.`,
      );
    }
    if (r.sse) {
      const s = r.sse;
      lines.push(
        `Event streams: ${fmt(s.streamsOpen)} of ${fmt(s.streamsRequested)} \`GET /api/events\` opened (one signed-in athlete and one loopback socket each) in ${s.openSeconds} s, ` +
          `${s.apiCpuMsPerStreamOpened} ms of API CPU each; open-files limit ${fmt(s.fdLimit.bench)} in the bench process and ${fmt(s.fdLimit.api)} in the API process. ` +
          `They are held by an API process started for this phase (the product app, as \`npm start\` runs it; the first API process, which had served the read-time baseline, was at ${s.otherApiRssMb ?? 'n/a'} MB RSS then): ` +
          `its RSS ${s.apiRssMb.beforeStreams} MB before, ${s.apiRssMb.streamsOpen} MB with them open, ${s.apiRssMb.peakWhileOpen} MB at most during the shares. ` +
          `Event frames on the streams of athletes nobody shared: ${s.strayDeliveries}.`,
      );
    }
    lines.push('');
  }
  lines.push('## Throughput by worker processes (BullMQ; jobs in flight per process as deployed, 2, then 1)');
  lines.push('');
  lines.push(
    '| workers | jobs each | athlete jobs | athlete jobs/s, fresh processes | pairs/s | CPU ms per athlete job (workers + Postgres) | machine CPU busy | athlete jobs/s, warm | CPU ms per athlete job, warm | request jobs | request jobs/s | peak RSS per worker (MB) |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const cpuOf = (c: { workers: number; postgres: number } | undefined) => (c ? `${c.workers} + ${c.postgres}` : '');
  for (const t of r.throughput) {
    lines.push(
      `| ${t.workers} | ${t.concurrency ?? 2} | ${fmt(t.athleteJobs)} | ${t.athleteJobsPerSecond} | ${fmt(t.athletePairsPerSecond)} | ${cpuOf(t.cpuMsPerAthleteJob)} | ${t.machineCpuBusyPercent ?? ''}% | ${t.warm?.athleteJobsPerSecond ?? ''} | ${cpuOf(t.warm?.cpuMsPerAthleteJob)} | ${t.requestJobs} | ${t.requestJobsPerSecond} | ${t.peakRssMb.join(', ')} |`,
    );
  }
  lines.push('');
  const warm = r.throughput.find((t) => t.warm)?.warm;
  if (warm)
    lines.push(
      `Fresh processes: the first timed batch, after ${fmt(warm.freshJobsBefore)} untimed jobs. Warm: the same batch again, after ${fmt(warm.jobsBefore)} athlete jobs in all (V8 keeps optimizing the workers' code over a process's first few thousand jobs; a deployed worker runs warm).`,
      '',
    );
  lines.push(
    `Memory: latency-phase workers ${r.memory.latencyWorkersPeakRssMb.join(', ')} MB; API process ${r.memory.apiPeakRssMb} MB (its heap capped as npm start runs it; the read-time baseline runs on an uncapped process of its own); reindex process ${r.memory.reindexPeakRssMb} MB (peak RSS, VmHWM).`,
  );
  lines.push('');
  return `${lines.join('\n')}\n`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Two panels: ranked-list latency (log scale) and athlete jobs/s by worker processes. */
/** A latency bar's two label lines, short enough for its slot ("index all, filtered": "all" over "filtered"). */
function barLabel(label: string): [string, string] {
  if (label.startsWith('read-time')) return ['at read', label.endsWith('prefiltered') ? '(prefilt.)' : '(all)'];
  if (label.startsWith('agent roster ')) return ['roster', label.slice('agent roster '.length)];
  if (label.startsWith('agent ')) return ['agent', label.slice('agent '.length)];
  if (label.startsWith('coach ')) return ['coach', label.slice('coach '.length)];
  const [view, detail] = label.replace('index ', '').split(', ');
  return [view, detail ?? 'index'];
}

export function renderSvg(r: BenchReport): string {
  const W = 960;
  const H = 410;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);

  // Panel 1: p50 and p99 latency at 10 connections, log scale.
  const bars = [...r.reads.filter((x) => x.connections === 10), ...r.baselines.filter((x) => x.connections === 10)];
  const px = 60;
  const py = 40;
  const pw = 400;
  const ph = 230;
  const maxMs = Math.max(...bars.map((b) => b.p99), 10);
  const decades = Math.ceil(Math.log10(maxMs));
  const y = (ms: number) => py + ph - (Math.log10(Math.max(ms, 1)) / decades) * ph;
  out.push(`<text x="${px}" y="22" font-size="14" font-weight="600">Ranked list latency at 10 connections (ms, log scale)</text>`);
  for (let d = 0; d <= decades; d++) {
    const yy = y(10 ** d);
    out.push(
      `<line x1="${px}" x2="${px + pw}" y1="${yy}" y2="${yy}" stroke="#e5e7eb"/><text x="${px - 6}" y="${yy + 4}" text-anchor="end" fill="#555">${fmt(10 ** d)}</text>`,
    );
  }
  const target = y(15);
  out.push(
    `<line x1="${px}" x2="${px + pw}" y1="${target}" y2="${target}" stroke="#dc2626" stroke-dasharray="4 3"/><text x="${px + pw + 6}" y="${target + 4}" fill="#dc2626">15 ms target</text>`,
  );
  const slot = pw / bars.length;
  bars.forEach((b, i) => {
    const x0 = px + i * slot + slot * 0.15;
    const bw = slot * 0.33;
    const baseline = b.label.startsWith('read-time');
    out.push(
      `<rect x="${x0}" y="${y(b.p50)}" width="${bw}" height="${py + ph - y(b.p50)}" fill="${baseline ? '#9ca3af' : '#2563eb'}"><title>p50 ${b.p50} ms</title></rect>`,
    );
    out.push(
      `<rect x="${x0 + bw}" y="${y(b.p99)}" width="${bw}" height="${py + ph - y(b.p99)}" fill="${baseline ? '#4b5563' : '#1e3a8a'}"><title>p99 ${b.p99} ms</title></rect>`,
    );
    // Slanted, so a dozen bars' labels do not run into each other.
    const [line1, line2] = barLabel(b.label);
    const lx = x0 + bw;
    const ly = py + ph + 12;
    out.push(
      `<text x="${lx}" y="${ly}" text-anchor="end" font-size="11" transform="rotate(-35 ${lx} ${ly})">${esc(line1)} <tspan fill="#555">${esc(line2)}</tspan></text>`,
    );
    out.push(`<text x="${x0 + bw}" y="${y(b.p99) - 4}" text-anchor="middle" fill="#333">${b.p99}</text>`);
  });
  out.push(`<text x="${px}" y="${py + ph + 94}" fill="#555">left bar p50, right bar p99</text>`);
  out.push(`<text x="${px}" y="${py + ph + 110}" fill="#555">at read: the top15 view scored per read, over all athletes or those prefiltered in SQL</text>`);

  // Panel 2: athlete jobs/s by workers.
  const qx = 600;
  const qw = 320;
  const maxJobs = Math.max(...r.throughput.flatMap((t) => [t.athleteJobsPerSecond, t.warm?.athleteJobsPerSecond ?? 0]), 1) * 1.15;
  const qy = (v: number) => py + ph - (v / maxJobs) * ph;
  out.push(`<text x="${qx}" y="22" font-size="14" font-weight="600">Athlete jobs/s by worker processes</text>`);
  for (let k = 0; k <= 4; k++) {
    const v = (maxJobs / 4) * k;
    out.push(
      `<line x1="${qx}" x2="${qx + qw}" y1="${qy(v)}" y2="${qy(v)}" stroke="#e5e7eb"/><text x="${qx - 6}" y="${qy(v) + 4}" text-anchor="end" fill="#555">${Math.round(v)}</text>`,
    );
  }
  const qslot = qw / r.throughput.length;
  r.throughput.forEach((t, i) => {
    // Fresh processes' bar, and beside it (when measured) the warm one.
    const bars = [{ value: t.athleteJobsPerSecond, fill: '#059669' }, ...(t.warm ? [{ value: t.warm.athleteJobsPerSecond, fill: '#6ee7b7' }] : [])];
    const x0 = qx + i * qslot + qslot * 0.1;
    const bw = (qslot * 0.8) / bars.length;
    bars.forEach(({ value, fill }, b) => {
      out.push(`<rect x="${x0 + b * bw}" y="${qy(value)}" width="${bw}" height="${py + ph - qy(value)}" fill="${fill}"/>`);
      out.push(`<text x="${x0 + b * bw + bw / 2}" y="${qy(value) - 4}" text-anchor="middle" font-size="9">${Math.round(value)}</text>`);
    });
    out.push(`<text x="${x0 + qslot * 0.4}" y="${py + ph + 16}" text-anchor="middle">${t.workers}p x${t.concurrency ?? 2}</text>`);
  });
  out.push(`<text x="${qx}" y="${py + ph + 52}" fill="#555">Np xC: N worker processes, C jobs in flight each</text>`);
  if (r.throughput.some((t) => t.warm)) out.push(`<text x="${qx}" y="${py + ph + 68}" fill="#555">dark: fresh processes; light: the same batch, warm</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
