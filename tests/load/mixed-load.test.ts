import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { completeProfile } from '../integration/matches-fixtures.ts';
import { expectedIndex, sessionFor, storedIndex, waitForIndex } from '../integration/match-index-fixtures.ts';
import { seedAndIndex } from '../seed/index.ts';
import { startTestServer } from '../support/harness.ts';

/**
 * Load held: coaches read ranked lists while athletes save profiles, over HTTP on loopback, for
 * LOAD_SECONDS (60 by default). No request may fail, and once the load stops the match index must
 * catch up and equal what the scoring function gives for every pair.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

describe('mixed load', () => {
  it(`holds ${SECONDS} s of ranked-list reads and profile writes, then the index catches up`, { timeout: (SECONDS + 180) * 1000 }, async () => {
    const server = await startTestServer();
    try {
      const { db } = server.services;
      await seedAndIndex(db, { athletes: 1500, coaches: 10, requests: 30, seed: 11 });

      const requests = await db.selectFrom('coach_requests').select(['id', 'coach_id']).where('deleted_at', 'is', null).execute();
      const coachCookies = new Map<string, string>();
      for (const r of requests) if (!coachCookies.has(r.coach_id)) coachCookies.set(r.coach_id, await sessionFor(db, r.coach_id, 'coach'));
      const athletes = await db
        .selectFrom('athletes')
        .select(['id', 'email', 'full_name'])
        .where('profile_completed', '=', true)
        .orderBy('id')
        .limit(200)
        .execute();
      const athleteCookies = await Promise.all(athletes.map((a) => sessionFor(db, a.id, 'athlete')));

      const views = ['top15', 'all', 'position'] as const;
      let n = 0;
      let writes = 0;
      const result = await autocannon({
        url: server.baseUrl,
        connections: 10,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (req) => {
              n++;
              // One call in five is a profile save; the rest are ranked-list reads.
              if (n % 5 === 0) {
                writes++;
                const i = n % athletes.length;
                const { email: _email, ...profile } = completeProfile(athletes[i].full_name, athletes[i].email, { gpa: 2 + ((n * 7) % 21) / 10 });
                return {
                  ...req,
                  method: 'PUT',
                  path: '/api/athlete/profile',
                  headers: { 'content-type': 'application/json', cookie: athleteCookies[i] },
                  body: JSON.stringify(profile),
                };
              }
              const r = requests[n % requests.length];
              return {
                ...req,
                method: 'GET',
                path: `/api/coach/requests/${r.id}/matches?view=${views[n % 3]}`,
                headers: { cookie: coachCookies.get(r.coach_id)! },
              };
            },
          },
        ],
      });
      console.log(
        `[load] ${result.requests.total} requests in ${SECONDS} s (${writes} profile saves): ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );

      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(writes).toBeGreaterThan(0);

      server.services.outbox.kick();
      await waitForIndex(db, 120_000);
      const expected = await expectedIndex(db);
      const stored = (await storedIndex(db)).pairs;
      expect(stored.size).toBe(expected.size);
      for (const [key, pair] of expected) expect(stored.get(key), key).toEqual(pair);
    } finally {
      await server.close();
    }
  });
});
