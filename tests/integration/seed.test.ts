import { ATHLETE_POSITIONS, coachRequestSchema, isProfileComplete } from '@app/domain';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAndIndex, seedDatabase, NO_LOGIN_HASH } from '../seed/index.ts';
import { seedConversations, seedMatches } from '../seed/matches.ts';
import { createFreshDatabase } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';

const SIZES = { seed: 7, athletes: 150, incompleteAthletes: 12, coaches: 6, requests: 14 };

async function freshDatabase() {
  const fresh = await createFreshDatabase();
  const handle = await connectDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  return {
    handle,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}

/** Every seeded row of every table, ordered by id (values as the database returns them). */
async function dump(handle: DatabaseHandle) {
  const { db } = handle;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    // Not the id of the transaction that wrote each row (roster_change): it differs per load.
    athletes: (await db.selectFrom('athletes').selectAll().orderBy('id').execute()).map(({ roster_change: _, ...row }) => row),
    coaches: await db.selectFrom('coaches').selectAll().orderBy('id').execute(),
    requests: await db.selectFrom('coach_requests').selectAll().orderBy('id').execute(),
    agents: await db.selectFrom('agents').selectAll().orderBy('id').execute(),
  };
}

describe('seed data', () => {
  let first: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Awaited<ReturnType<typeof freshDatabase>>;
  let third: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    [first, second, third] = [await freshDatabase(), await freshDatabase(), await freshDatabase()];
    await seedDatabase(first.handle.db, SIZES);
    await seedDatabase(second.handle.db, SIZES);
    await seedDatabase(third.handle.db, { ...SIZES, seed: 8 });
  });
  afterAll(async () => {
    for (const ctx of [first, second, third]) await ctx?.close();
  });

  it('is the same, ids and timestamps included, for the same seed', async () => {
    const a = await dump(first.handle);
    const b = await dump(second.handle);
    expect(a.users).toHaveLength(150 + 12 + 6 + 3);
    expect(a.requests).toHaveLength(14);
    expect(b).toEqual(a);
  });

  it('differs for another seed', async () => {
    const a = await dump(first.handle);
    const c = await dump(third.handle);
    expect(c.athletes.map((x) => x.id)).not.toEqual(a.athletes.map((x) => x.id));
    expect(c.athletes.map((x) => x.profile)).not.toEqual(a.athletes.map((x) => x.profile));
  });

  it('has the requested number of complete profiles, and columns that agree with each profile', async () => {
    const { athletes } = await dump(first.handle);
    expect(athletes.filter((a) => a.profile_completed)).toHaveLength(150);
    for (const row of athletes) {
      const profile = row.profile;
      expect(isProfileComplete(profile)).toBe(row.profile_completed);
      expect(row.email).toBe(profile.email);
      expect(row.full_name).toBe(profile.fullName);
      expect(row.primary_position).toBe(profile.primaryPosition ?? null);
      expect(row.age).toBe(profile.age ?? null);
      expect(row.gender).toBe(profile.gender ?? null);
      expect(row.is_transfer).toBe(profile.isTransfer === true);
      expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
    }
  });

  it('spreads athletes over nationalities, positions, scales and agencies', async () => {
    const { athletes } = await dump(first.handle);
    const complete = athletes.filter((a) => a.profile_completed).map((a) => a.profile);
    const share = (pick: (p: Record<string, unknown>) => unknown, value: unknown) => complete.filter((p) => pick(p) === value).length / complete.length;
    expect(share((p) => p.nationality, 'Spain')).toBeGreaterThan(0.4);
    expect(share((p) => p.nationality, 'Spain')).toBeLessThan(0.8);
    expect(new Set(complete.map((p) => p.nationality)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(complete.map((p) => p.primaryPosition)).size).toBe(ATHLETE_POSITIONS.length);
    expect(new Set(complete.map((p) => p.gradingScale))).toEqual(new Set(['ten-point', 'twenty-point', 'hundred-point', 'custom']));
    expect(new Set(complete.map((p) => p.agency))).toEqual(new Set(['Eture', 'Global College', 'Mae']));
    expect(new Set(complete.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
  });

  it('stores requests as the coach request schema shapes them, owned by seeded coaches', async () => {
    const { requests, coaches } = await dump(first.handle);
    const coachIds = new Set(coaches.map((c) => c.id));
    for (const row of requests) {
      expect(coachRequestSchema.parse(row.data)).toEqual(row.data);
      expect(row.urgent).toBe((row.data as { urgent: boolean }).urgent);
      expect(coachIds.has(row.coach_id)).toBe(true);
      expect(row.deleted_at).toBeNull();
    }
    // Every coach has requests (round robin).
    expect(new Set(requests.map((r) => r.coach_id)).size).toBe(6);
  });

  it('gives no seeded account a usable password unless asked to', async () => {
    const { users, agents } = await dump(first.handle);
    expect(users.every((u) => u.password_hash === NO_LOGIN_HASH)).toBe(true);
    expect(agents.map((a) => a.agency).sort()).toEqual(['Eture', 'Global College', 'Mae']);
  });
});

describe('seed load paths', () => {
  // Several chunks of each kind (CHUNK_SIZE 1000), so three threads each write some.
  const MANY = { seed: 5, athletes: 2100, incompleteAthletes: 1010, coaches: 3, requests: 4 };

  // COPY needs a Postgres server: the embedded database loads by INSERT whatever it is asked.
  it.skipIf(noPostgresServer)('gives the same rows by INSERT, by COPY from this thread and by COPY from three threads', async () => {
    const contexts = [await freshDatabase(), await freshDatabase(), await freshDatabase()];
    try {
      const progress: Array<[number, number]> = [];
      const inserted = await seedDatabase(contexts[0].handle.db, { ...MANY, load: 'insert' });
      const copied = await seedDatabase(contexts[1].handle.db, { ...MANY, threads: 0 });
      const threaded = await seedDatabase(contexts[2].handle.db, { ...MANY, threads: 3, onProgress: (done, total) => progress.push([done, total]) });
      expect([inserted.athletes, copied.athletes, threaded.athletes].map(({ load, threads }) => ({ load, threads }))).toEqual([
        { load: 'insert', threads: 0 },
        { load: 'copy', threads: 0 },
        { load: 'copy', threads: 3 },
      ]);
      const [a, b, c] = await Promise.all(contexts.map((ctx) => dump(ctx.handle)));
      expect(a.athletes).toHaveLength(2100 + 1010);
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      // One report per chunk, counting up to every athlete.
      expect(progress).toHaveLength(3 + 2);
      expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((x, y) => x - y));
      expect(progress.at(-1)).toEqual([3110, 3110]);
    } finally {
      for (const ctx of contexts) await ctx.close();
    }
  });

  it('stops at a failing chunk and reports it, leaving no athlete of that chunk behind', async () => {
    const ctx = await freshDatabase();
    try {
      // An athlete already holding chunk 1's first id: that chunk's COPY breaks the primary key.
      const { generateAthleteChunk } = await import('../seed/index.ts');
      const taken = generateAthleteChunk({ seed: MANY.seed }, 1, 1, false)[0];
      await ctx.handle.db
        .insertInto('users')
        .values({ ...taken.user, email: 'taken@example.com' })
        .execute();
      await expect(seedDatabase(ctx.handle.db, { ...MANY, threads: 2 })).rejects.toThrow(/users_pkey/);
      const chunkOne = generateAthleteChunk({ seed: MANY.seed }, 1, 1000, false).map((x) => x.user.id);
      const left = await ctx.handle.db.selectFrom('athletes').select('id').where('id', 'in', chunkOne).execute();
      expect(left).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('seedAndIndex', () => {
  it('builds the match index so every ranked list is ready', async () => {
    const ctx = await freshDatabase();
    try {
      const result = await seedAndIndex(ctx.handle.db, { seed: 3, athletes: 200, coaches: 4, requests: 10 });
      const { db } = ctx.handle;
      const rows = await db.selectFrom('match_scores').select(['request_id', 'score']).execute();
      expect(rows.length).toBe(result.index.listed);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.score >= 70)).toBe(true);
      const notIndexed = await db
        .selectFrom('athlete_index_state as s')
        .innerJoin('athletes as a', 'a.id', 's.athlete_id')
        .select('a.id')
        .where('a.profile_completed', '=', true)
        .whereRef('s.indexed_version', '<', 's.version')
        .execute();
      expect(notIndexed).toEqual([]);
      const pendingRequests = await db.selectFrom('coach_requests').select('id').whereRef('indexed_version', '<', 'version').execute();
      expect(pendingRequests).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('seedMatches', () => {
  it("shares or declines each request's best-ranked athletes, with the audit trail the product writes", async () => {
    const ctx = await freshDatabase();
    try {
      await seedAndIndex(ctx.handle.db, { seed: 3, athletes: 200, coaches: 4, requests: 10 });
      const { db } = ctx.handle;
      const seeded = await seedMatches(db, 13);
      const matches = await db.selectFrom('matches').selectAll().orderBy('request_id').orderBy('id').execute();
      const events = await db.selectFrom('match_events').selectAll().orderBy('id').execute();
      expect(seeded).toEqual({ matches: matches.length, events: events.length });

      const requests = await db.selectFrom('coach_requests').select(['id', 'coach_id']).execute();
      for (const request of requests) {
        // The request's 13 best by the ranked lists' order (S12).
        const best = await db
          .selectFrom('match_scores')
          .select('athlete_id')
          .where('request_id', '=', request.id)
          .orderBy('score', 'desc')
          .orderBy('athlete_updated_at', 'desc')
          .orderBy('athlete_id')
          .limit(13)
          .execute();
        const own = matches.filter((m) => m.request_id === request.id);
        expect(own.map((m) => m.athlete_id).sort()).toEqual(best.map((b) => b.athlete_id).sort());
        expect(own.every((m) => m.coach_id === request.coach_id)).toBe(true);
        // The twelfth is the coach's private decline: never shared.
        const twelfth = own.find((m) => m.athlete_id === best[11]?.athlete_id);
        if (twelfth) expect(twelfth).toMatchObject({ status: 'declined', status_by: 'coach', shared_at: null });
      }

      const now = Date.now();
      const statuses = new Map<string, number>();
      for (const m of matches) {
        const key = `${m.status}/${m.status_by}/${m.shared_at === null ? 'private' : 'shared'}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        expect(m.created_at.getTime()).toBeLessThan(now);
        expect(now - m.created_at.getTime()).toBeLessThanOrEqual(28 * 24 * 3600 * 1000);
        const trail = events.filter((e) => e.match_id === m.id);
        // Shared: the coach's share, then the athlete's answer if any; private: the decline alone.
        if (m.status_by === 'athlete') {
          expect(trail.map((e) => [e.from_status, e.to_status, e.actor_role])).toEqual([
            [null, 'pending', 'coach'],
            ['pending', m.status, 'athlete'],
          ]);
          expect(trail[1].actor_id).toBe(m.athlete_id);
          expect(m.updated_at.getTime()).toBeGreaterThan(m.created_at.getTime());
          expect(trail[1].created_at).toEqual(m.updated_at);
        } else {
          expect(trail.map((e) => [e.from_status, e.to_status, e.actor_role])).toEqual([[null, m.status, 'coach']]);
          expect(trail[0].actor_id).toBe(m.coach_id);
        }
        expect(trail[0].created_at).toEqual(m.created_at);
        if (m.shared_at) expect(m.shared_at).toEqual(m.created_at);
      }
      // Every outcome is there: pending, accepted and declined by the athlete, private declines.
      expect([...statuses.keys()].sort()).toEqual(['accepted/athlete/shared', 'declined/athlete/shared', 'declined/coach/private', 'pending/coach/shared']);
      // Some of it is the agents' news (the last 7 days), most of it older.
      const recent = events.filter((e) => now - e.created_at.getTime() < 7 * 24 * 3600 * 1000).length;
      expect(recent).toBeGreaterThan(0);
      expect(recent).toBeLessThan(events.length / 2);

      // Their conversations: the athlete of each accepted match wrote first; some coaches answered.
      const talked = await seedConversations(db);
      const messages = await db.selectFrom('messages').selectAll().orderBy('created_at').execute();
      expect(talked.messages).toBe(messages.length);
      const accepted = matches.filter((m) => m.status === 'accepted');
      expect(new Set(messages.map((m) => m.match_id))).toEqual(new Set(accepted.map((m) => m.id)));
      for (const m of accepted) {
        const thread = messages.filter((x) => x.match_id === m.id).map((x) => [x.sender_role, x.sender_id]);
        expect([
          [['athlete', m.athlete_id]],
          [
            ['athlete', m.athlete_id],
            ['coach', m.coach_id],
          ],
        ]).toContainEqual(thread);
      }
      const answers = messages.filter((x) => x.sender_role === 'coach').length;
      expect(answers).toBeGreaterThan(0);
      expect(answers).toBeLessThan(accepted.length);
      // The unread notifications are the agents' own, of answered threads.
      const unread = await db
        .selectFrom('notifications as n')
        .innerJoin('notification_events as e', 'e.id', 'n.event_id')
        .innerJoin('athletes as a', 'a.id', 'e.athlete_id')
        .innerJoin('agents as g', 'g.agency', 'a.agency')
        .select(['n.user_id', 'g.id as agent_id', 'e.match_id', 'n.read_at', 'n.kind'])
        .execute();
      expect(talked.notifications).toBe(unread.length);
      for (const n of unread) {
        expect(n).toMatchObject({ user_id: n.agent_id, read_at: null, kind: 'message' });
        expect(messages.some((x) => x.match_id === n.match_id && x.sender_role === 'coach')).toBe(true);
      }
    } finally {
      await ctx.close();
    }
  });
});
