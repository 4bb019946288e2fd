import { createBullQueue, createLogger, startBullWorker } from '@app/worker';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { noRedis, redisUrl } from '../support/requirements.ts';

/**
 * Index jobs run before notification and mail jobs (worker/src/queue/queue.ts jobPriority): a
 * backlog of notifications (a burst of top-15 entries) must not hold back a save's rescoring.
 */
describe.skipIf(noRedis)('job priority on BullMQ', () => {
  const prefix = `prio${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('runs queued index jobs before notification and mail jobs queued earlier', async () => {
    const queue = createBullQueue(redisUrl!, prefix);
    const ran: string[] = [];
    const record = (name: string) => async (data: unknown) => {
      ran.push(`${name}:${(data as { entityId: string }).entityId}`);
    };
    // Queued before any worker runs: five notifications and a contact mail, then two index jobs.
    await queue.addBulk([
      ...Array.from({ length: 5 }, (_, i) => ({ name: 'notify.event', data: { entityId: `n${i}` }, jobId: `n${i}` })),
      { name: 'mail.contact', data: { entityId: 'c0' }, jobId: 'c0' },
    ]);
    await queue.add('index.athlete', { entityId: 'a0' }, { jobId: 'a0' });
    await queue.addBulk([{ name: 'index.request', data: { entityId: 'r0' }, jobId: 'r0' }]);
    const processors = {
      'notify.event': record('notify.event'),
      'mail.contact': record('mail.contact'),
      'index.athlete': record('index.athlete'),
      'index.request': record('index.request'),
    };
    const worker = startBullWorker(redisUrl!, processors, 1, prefix, { log: createLogger('silent') });
    try {
      await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(8);
    } finally {
      await worker.close();
      await queue.close();
    }
    expect(ran.slice(0, 2)).toEqual(['index.athlete:a0', 'index.request:r0']);
    // The rest in the order they were queued.
    expect(ran.slice(2)).toEqual(['notify.event:n0', 'notify.event:n1', 'notify.event:n2', 'notify.event:n3', 'notify.event:n4', 'mail.contact:c0']);
  });
});
