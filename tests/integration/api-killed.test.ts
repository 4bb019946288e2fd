import { randomBytes } from 'node:crypto';
import { buildApp } from '@app/api';
import { createServices, loadConfig } from '@app/worker';
import { describe, expect, it } from 'vitest';
import { completeProfile, createCoach } from './matches-fixtures.ts';
import { expectedIndex, storedIndex, waitForIndex } from './match-index-fixtures.ts';
import { createFreshDatabase } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * The API dies right after a save committed and before anything was enqueued: the change waits
 * in the outbox, and the next process that runs a relay (a restarted API or any worker) indexes it.
 */
describe.skipIf(noPostgresServer)('API killed between commit and enqueue', () => {
  it('indexes the committed change from the next process', async () => {
    const database = await createFreshDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'silent' });
    try {
      const first = await createServices(config);
      // This process will "die" before relaying: its relay is stopped before the write.
      await first.outbox.stop();
      const app = await buildApp({ services: first, serveWeb: false });
      const coach = await createCoach(first);
      const request = await app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: coach.cookie }, payload: { positions: ['Forward'] } });
      expect(request.statusCode, request.body).toBe(201);
      const athlete = await createSignedInUser(first, 'athlete', { fullName: 'Committed Before Crash' });
      const { email: _email, ...profile } = completeProfile('Committed Before Crash', athlete.email, { gpa: 3.9 });
      const saved = await app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: athlete.cookie }, payload: profile });
      expect(saved.statusCode, saved.body).toBe(200);
      await app.close();
      await first.close();

      // Nothing was relayed: the change is only in the outbox.
      const second = await createServices(config);
      try {
        const unpublished = await second.db.selectFrom('outbox').select('kind').where('published_at', 'is', null).execute();
        expect(unpublished.map((r) => r.kind).sort()).toEqual(['athlete', 'request']);
        expect((await storedIndex(second.db)).pairs.size).toBe(0);

        // The new process's relay polls the outbox and its queue indexes the change.
        await waitForIndex(second.db, 30_000);
        const expected = await expectedIndex(second.db);
        expect(expected.size).toBeGreaterThan(0);
        expect(Object.fromEntries((await storedIndex(second.db)).pairs)).toEqual(Object.fromEntries(expected));
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
