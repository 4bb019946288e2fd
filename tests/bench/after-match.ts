// The benchmark's "after the match" figures (issues 17 and 21), measured through the bench's API
// and worker processes on its database: share -> notification email accepted by the SMTP server,
// a notification delivered to one of many open event streams (and the API's memory with them
// open), and request edited -> ranked list of the new version ready.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { Database } from '@app/worker';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { SmtpSink } from '../support/smtp-sink.ts';
import type { Child } from './processes.ts';
import { round, sleep, summarize, type Summary } from './stats.ts';

export interface AfterMatchDeps {
  base: string;
  db: Kysely<Database>;
  api: Child;
  workers: Child[];
  sink: SmtpSink;
  /** The demo coach's cookie header. */
  coachHeaders: Record<string, string>;
  coachRequests: string[];
  /** Signed-in sessions straight in the database, one cookie per user (same order). */
  sessionCookies(userIds: string[], role: 'athlete'): Promise<string[]>;
  cpuTimes(apiPid: number): Promise<{ api: number; postgres: number }>;
  processCpuMs(pid: number): number;
  log(line: string): void;
  redisUrl: string;
  queuePrefix: string;
}

export interface ShareEmailResult {
  shares: number;
  /** POST /api/coach/matches answered. */
  post: Summary;
  /** From the POST's start until the sink accepted the mail to that athlete. */
  emailAccepted: Summary;
  cpuMsPerShare: { api: number; postgres: number; workers: number };
}

export interface SseFanoutResult {
  streamsRequested: number;
  streamsOpen: number;
  openSeconds: number;
  /** Soft limit of open files of this process and of the API process. */
  fdLimit: { bench: number; api: number };
  triggers: number;
  /** From the share's POST start until the 'notification' frame arrived on the athlete's stream. */
  delivered: Summary;
  /** From the event's Redis PUBLISH (seen by a subscriber in the bench process) to its arrival on the stream. */
  busToStream: Summary;
  /** Event frames that reached the stream of an athlete nobody shared (should be 0). */
  strayDeliveries: number;
  apiRssMb: { beforeStreams: number; streamsOpen: number; peakWhileOpen: number };
  apiCpuMsPerStreamOpened: number;
}

export interface RequestEditResult {
  edits: number;
  patch: Summary;
  /** From the PATCH's start until the list answered 'ready' with a newer computedAt. */
  ready: Summary;
}

/** Soft "Max open files" of a process, from /proc. */
export function openFilesLimit(pid: number | 'self'): number {
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return !m ? NaN : m[1] === 'unlimited' ? Infinity : Number(m[1]);
}

/** Completed athletes no match of the demo coach names, in id order (each is shared once below). */
async function freshAthletes(d: AfterMatchDeps): Promise<Array<{ id: string; email: string }>> {
  return d.db
    .selectFrom('athletes as a')
    .select(['a.id', 'a.email'])
    .where('a.profile_completed', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('matches as m').select('m.id').whereRef('m.athlete_id', '=', 'a.id').where('m.request_id', 'in', d.coachRequests))),
    )
    .orderBy('a.id')
    .execute();
}

async function share(d: AfterMatchDeps, requestId: string, athleteId: string): Promise<void> {
  const res = await fetch(`${d.base}/api/coach/matches`, {
    method: 'POST',
    headers: { ...d.coachHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ requestId, athleteId }),
  });
  if (res.status !== 201) throw new Error(`POST /api/coach/matches answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

/** Picks the athletes of both measurements at once, so they never overlap. */
export async function pickAthletes(d: AfterMatchDeps, shares: number, streams: number) {
  const fresh = await freshAthletes(d);
  if (fresh.length < shares + streams) throw new Error(`only ${fresh.length} unmatched athletes for ${shares} shares and ${streams} streams`);
  return { sharedByEmail: fresh.slice(0, shares), streamed: fresh.slice(shares, shares + streams) };
}

/** Shares one athlete at a time with the coach's first request; each one's email is awaited at the sink. */
export async function measureShareToEmail(d: AfterMatchDeps, athletes: Array<{ id: string; email: string }>): Promise<ShareEmailResult> {
  d.log(`share -> notification email: ${athletes.length} shares through POST /api/coach/matches, one at a time…`);
  const requestId = d.coachRequests[0];
  const postMs: number[] = [];
  const emailMs: number[] = [];
  const workersCpu = () => d.workers.reduce((sum, w) => sum + d.processCpuMs(w.pid), 0);
  const before = { ...(await d.cpuTimes(d.api.pid)), workers: workersCpu() };
  for (const athlete of athletes) {
    const seen = new Set(d.sink.received);
    const t0 = performance.now();
    await share(d, requestId, athlete.id);
    postMs.push(performance.now() - t0);
    await d.sink.waitFor(athlete.email, (m) => !seen.has(m), 30_000);
    emailMs.push(performance.now() - t0);
    await sleep(20);
  }
  const after = { ...(await d.cpuTimes(d.api.pid)), workers: workersCpu() };
  const n = athletes.length;
  const result: ShareEmailResult = {
    shares: n,
    post: summarize(postMs),
    emailAccepted: summarize(emailMs),
    cpuMsPerShare: {
      api: round((after.api - before.api) / n, 2),
      postgres: round((after.postgres - before.postgres) / n, 2),
      workers: round((after.workers - before.workers) / n, 2),
    },
  };
  d.log(
    `share -> email accepted: p50 ${result.emailAccepted.p50} ms, p95 ${result.emailAccepted.p95} ms, max ${result.emailAccepted.max} ms (POST p50 ${result.post.p50} ms); ` +
      `CPU per share: API ${result.cpuMsPerShare.api} ms, Postgres ${result.cpuMsPerShare.postgres} ms, workers ${result.cpuMsPerShare.workers} ms`,
  );
  return result;
}

/** One open GET /api/events over its own socket, with the arrival time of each event kind. */
interface EventStream {
  /** Resolves with the arrival time (performance.now()) of the next frame of this event kind. */
  next(event: string, timeoutMs: number): Promise<number>;
  frames: number;
  close(): void;
}

function openStream(base: string, cookie: string, timeoutMs: number): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const waiters: Array<{ event: string; resolve: (at: number) => void }> = [];
    let buffered = '';
    const stream: EventStream = {
      frames: 0,
      next(event, waitMs) {
        return new Promise((res, rej) => {
          const timer = setTimeout(() => {
            waiters.splice(
              waiters.findIndex((w) => w.resolve === done),
              1,
            );
            rej(new Error(`no '${event}' event within ${waitMs} ms`));
          }, waitMs);
          const done = (at: number) => (clearTimeout(timer), res(at));
          waiters.push({ event, resolve: done });
        });
      },
      close: () => req.destroy(),
    };
    // agent: false: a socket of its own, as each browser tab's stream would be.
    const req = http.get(`${base}/api/events`, { agent: false, headers: { cookie, accept: 'text/event-stream' }, timeout: timeoutMs }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        req.destroy();
        reject(new Error(`GET /api/events answered ${res.statusCode}`));
        return;
      }
      req.setTimeout(0);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffered += chunk;
        const frames = buffered.split('\n\n');
        buffered = frames.pop()!;
        for (const frame of frames) {
          const event = /^event: (.+)$/m.exec(frame)?.[1];
          if (!event) continue; // the retry line, heartbeats
          stream.frames++;
          const i = waiters.findIndex((w) => w.event === event);
          if (i >= 0) waiters.splice(i, 1)[0].resolve(at);
        }
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('timeout', () => req.destroy(new Error(`GET /api/events: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/**
 * Opens `athletes.length` event streams (one signed-in athlete each) on the API process, then
 * shares `triggers` of those athletes one at a time and times the notification's arrival on that
 * athlete's stream. Every stream is closed at the end, also after a failure.
 */
export async function measureSseFanout(d: AfterMatchDeps, athletes: Array<{ id: string }>, triggers: number): Promise<SseFanoutResult> {
  const fdLimit = { bench: openFilesLimit('self'), api: openFilesLimit(d.api.pid) };
  d.log(`SSE fan-out: opening ${athletes.length} event streams on the API process (open-files limit: bench ${fdLimit.bench}, API ${fdLimit.api})…`);
  const cookies = await d.sessionCookies(
    athletes.map((a) => a.id),
    'athlete',
  );
  const rssBefore = d.api.rssMb() ?? NaN;
  const cpuBefore = d.processCpuMs(d.api.pid);
  const streams: Array<EventStream | null> = new Array(athletes.length).fill(null);
  const redis = new Redis(d.redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => {});
  try {
    const openStarted = performance.now();
    let next = 0;
    const failures: string[] = [];
    // 50 at a time: each open is a session lookup on the API's database pool.
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < athletes.length) {
          const i = next++;
          try {
            streams[i] = await openStream(d.base, cookies[i], 30_000);
          } catch (error) {
            failures.push((error as Error).message);
          }
        }
      }),
    );
    const openSeconds = round((performance.now() - openStarted) / 1000, 1);
    const streamsOpen = streams.filter(Boolean).length;
    if (failures.length) d.log(`  ${failures.length} streams did not open (first: ${failures[0]})`);
    if (streamsOpen === 0) throw new Error('no event stream opened');
    const apiCpuMsPerStreamOpened = round((d.processCpuMs(d.api.pid) - cpuBefore) / streamsOpen, 2);
    await sleep(1000);
    const rssOpen = d.api.rssMb() ?? NaN;
    let rssPeak = rssOpen;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, d.api.rssMb() ?? 0)), 100);
    d.log(`  ${streamsOpen} streams open in ${openSeconds} s; API RSS ${round(rssBefore)} MB before, ${round(rssOpen)} MB with them open`);

    // When each notification went out on the live bus, as a subscriber of the same channel sees it.
    const published = new Map<string, number>();
    await redis.subscribe(`${d.queuePrefix}:live`);
    redis.on('message', (_channel: string, raw: string) => {
      const at = performance.now();
      try {
        for (const m of [JSON.parse(raw) as { userIds: string[]; event: string }].flat()) {
          if (m.event === 'notification') for (const id of m.userIds) if (!published.has(id)) published.set(id, at);
        }
      } catch {
        /* not a live message */
      }
    });

    const requestId = d.coachRequests[1] ?? d.coachRequests[0];
    const deliveredMs: number[] = [];
    const busMs: number[] = [];
    const step = Math.max(2, Math.floor(athletes.length / triggers));
    const targets = athletes
      .map((a, i) => ({ athlete: a, stream: streams[i] }))
      .filter((_, i) => i % step === 0 && streams[i])
      .slice(0, triggers);
    // Untimed first: a fresh process compiles the share and live paths on their first use.
    const warmups = athletes
      .map((a, i) => ({ athlete: a, stream: streams[i] }))
      .filter((_, i) => i % step === 1 && streams[i])
      .slice(0, 3);
    for (const { athlete, stream } of warmups) {
      const arrival = stream!.next('notification', 30_000);
      await share(d, requestId, athlete.id);
      await arrival;
      await sleep(100);
    }
    for (const { athlete, stream } of targets) {
      const arrival = stream!.next('notification', 30_000);
      const t0 = performance.now();
      await share(d, requestId, athlete.id);
      const at = await arrival;
      deliveredMs.push(at - t0);
      const pub = published.get(athlete.id);
      if (pub !== undefined) busMs.push(at - pub);
      // Its 'match' event and the email follow; let them pass before the next one.
      await sleep(100);
    }
    clearInterval(rssTimer);
    rssPeak = Math.max(rssPeak, d.api.rssMb() ?? 0);
    // Only the shared athletes' streams may have carried anything.
    const targeted = new Set([...targets, ...warmups].map((t) => t.stream));
    const strayDeliveries = streams.reduce((sum, s) => sum + (s && !targeted.has(s) ? s.frames : 0), 0);
    const result: SseFanoutResult = {
      streamsRequested: athletes.length,
      streamsOpen,
      openSeconds,
      fdLimit,
      triggers: targets.length,
      delivered: summarize(deliveredMs),
      busToStream: summarize(busMs),
      strayDeliveries,
      apiRssMb: { beforeStreams: round(rssBefore), streamsOpen: round(rssOpen), peakWhileOpen: round(rssPeak) },
      apiCpuMsPerStreamOpened,
    };
    d.log(
      `SSE: share -> notification on the athlete's stream (${streamsOpen} open): p50 ${result.delivered.p50} ms, p95 ${result.delivered.p95} ms, max ${result.delivered.max} ms; ` +
        `Redis publish -> stream p95 ${result.busToStream.p95} ms; API RSS ${result.apiRssMb.streamsOpen} MB open, peak ${result.apiRssMb.peakWhileOpen} MB; frames elsewhere ${strayDeliveries}`,
    );
    return result;
  } finally {
    for (const s of streams) s?.close();
    redis.disconnect();
    // Let the API see the closes before the next phase.
    await sleep(1000);
  }
}

/**
 * Edits the coach's requests one at a time with a scoring-relevant change (S3's minimum GPA: it
 * gates every pair's academic score), then polls the ranked list over HTTP until it answers
 * 'ready' for the new version (status 'ready' and a newer computedAt than before the edit). The
 * original minimum is put back at the end.
 */
export async function measureRequestEdits(d: AfterMatchDeps, edits: number, whenIdle: () => Promise<void>): Promise<RequestEditResult> {
  d.log(`request edits through PATCH /api/coach/requests/:id (${edits}, one at a time; minimum GPA changed)…`);
  const original = new Map<string, number | null>();
  const patchMs: number[] = [];
  const readyMs: number[] = [];
  const listUrl = (id: string) => `${d.base}/api/coach/requests/${id}/matches?view=top15`;
  const patch = async (id: string, body: Record<string, unknown>) => {
    const res = await fetch(`${d.base}/api/coach/requests/${id}`, {
      method: 'PATCH',
      headers: { ...d.coachHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`PATCH /api/coach/requests/${id} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  try {
    for (let i = 0; i < edits; i++) {
      const id = d.coachRequests[i % d.coachRequests.length];
      const row = await d.db.selectFrom('coach_requests').select(['data', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      const current = (row.data as { minGpa?: number | null }).minGpa ?? null;
      if (!original.has(id)) original.set(id, current);
      const before = (await (await fetch(listUrl(id), { headers: d.coachHeaders })).json()) as { status: string; computedAt: string | null };
      if (before.status !== 'ready') throw new Error(`request ${id} not ready before its edit`);
      const t0 = performance.now();
      await patch(id, { minGpa: (current ?? 2.5) >= 3 ? 2.6 : 3.2 });
      patchMs.push(performance.now() - t0);
      const bumped = await d.db.selectFrom('coach_requests').select('version').where('id', '=', id).executeTakeFirstOrThrow();
      if (BigInt(bumped.version) <= BigInt(row.version)) throw new Error(`the edit of request ${id} did not bump its version`);
      for (let polls = 0; ; polls++) {
        const json = (await (await fetch(listUrl(id), { headers: d.coachHeaders })).json()) as { status: string; computedAt: string | null };
        if (json.status === 'ready' && json.computedAt !== before.computedAt) {
          readyMs.push(performance.now() - t0);
          break;
        }
        if (polls > 3000) throw new Error(`request ${id} not ready after its edit within 60 s`);
        await sleep(10);
      }
      await sleep(20);
    }
  } finally {
    for (const [id, minGpa] of original) await patch(id, { minGpa }).catch(() => {});
    await whenIdle();
  }
  const result: RequestEditResult = { edits, patch: summarize(patchMs), ready: summarize(readyMs) };
  d.log(`edit -> ranked list ready: p50 ${result.ready.p50} ms, p95 ${result.ready.p95} ms, max ${result.ready.max} ms (PATCH p50 ${result.patch.p50} ms)`);
  return result;
}
