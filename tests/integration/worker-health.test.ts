import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startBullWorker } from '@app/worker';
import { startWorkerHealthServer } from '@app/worker/health-server';
import type { Worker } from 'bullmq';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { noRedis, redisUrl } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { waitForIndex } from './match-index-fixtures.ts';

/**
 * A standalone worker's health endpoint (the container health check and the compose check read
 * it) and docker/healthcheck.mjs, the Node script the images run as their health check.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

function listeningPort(server: Server): Promise<number> {
  return new Promise((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Runs the image's health check script against a port; its exit code and output. */
async function healthcheck(kind: 'api' | 'worker', port: number) {
  const env = { ...process.env, WORKER_HEALTH_PORT: String(port), PORT: String(port) };
  try {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'docker/healthcheck.mjs'), kind, '--print'], { env });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.skipIf(noRedis)('worker health endpoint', () => {
  let t: TestApp;
  let worker: Worker;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ redis: true });
    worker = startBullWorker(redisUrl!, t.services.processors, 1, t.services.config.QUEUE_PREFIX, { log: t.services.log });
    server = startWorkerHealthServer(worker, 0, () => t.services.queue.stats());
    port = await listeningPort(server);
  });
  afterAll(async () => {
    server?.close();
    await worker?.close();
    await t?.close();
  });

  it('answers 200 while the worker runs and counts the jobs it completed', async () => {
    const before = await fetch(`http://127.0.0.1:${port}/health`);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ status: 'up', redis: 'up', pid: process.pid, jobs: { completed: 0, failed: 0 } });

    const coach = await createSignedInUser(t.services, 'coach');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/coach/requests',
      headers: { cookie: coach.cookie },
      payload: {
        urgent: false,
        teamCategories: ["Women's Team"],
        positions: ['Winger'],
        ageMin: 17,
        ageMax: 23,
        openToTransfer: true,
        playerLevels: ['Tercera RFEF'],
        targetStartTerms: ['Fall 2026'],
        estimatedBudget: '$15,000 - $30,000',
        playerExtras: [],
        openToJuniorCollege: 'Yes',
        regions: ['Northeast'],
        institutionSize: 'Medium 5-15k',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await waitForIndex(t.services.db);

    // BullMQ counts a job completed just after its work commits: poll briefly rather than read once.
    let after = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    for (let tries = 0; after.jobs.completed < 1 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    }
    expect(after.jobs.completed).toBeGreaterThanOrEqual(1);
    expect(after.jobs.failed).toBe(0);
  });

  it('answers 404 for any other path', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });

  it('answers 503 when Redis does not answer', async () => {
    const down = startWorkerHealthServer(worker, 0, () => Promise.reject(new Error('connection refused')));
    try {
      const res = await fetch(`http://127.0.0.1:${await listeningPort(down)}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'down', redis: 'down' });
    } finally {
      down.close();
    }
  });

  it('the image health check script exits 0 on a healthy worker and 1 on an unhealthy or absent one', async () => {
    const healthy = await healthcheck('worker', port);
    expect(healthy.code).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({ status: 'up' });

    const down = startWorkerHealthServer(worker, 0, () => new Promise(() => {}));
    const downPort = await listeningPort(down);
    try {
      const unhealthy = await healthcheck('worker', downPort);
      expect(unhealthy.code).toBe(1);
      expect(unhealthy.stderr).toContain('worker unhealthy: 503');
    } finally {
      down.close();
    }

    // Nothing listens there any more.
    const absent = await healthcheck('worker', downPort);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain('health check failed');
  });

  it('the image health check script reads the API health on PORT', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const apiPort = (t.app.server.address() as AddressInfo).port;
    const result = await healthcheck('api', apiPort);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'ok' });
  });
});
