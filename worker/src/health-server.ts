import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import type { Worker } from 'bullmq';

/**
 * A standalone worker's own health endpoint, GET /health on WORKER_HEALTH_PORT: 200 while its
 * BullMQ consumer runs and Redis answers (`probeRedis` resolves within 1.5 s), else 503. The body
 * counts the jobs this process completed and failed, so a container health check sees each
 * worker, and an operator sees how jobs spread over several. It listens on loopback only: the
 * health check runs inside the worker's own container.
 */
export function startWorkerHealthServer(worker: Worker, port: number, probeRedis: () => Promise<unknown>): Server {
  const jobs = { completed: 0, failed: 0 };
  worker.on('completed', () => void jobs.completed++);
  worker.on('failed', () => void jobs.failed++);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/health') {
      response.writeHead(404).end();
      return;
    }
    void answersInTime(probeRedis).then((redis) => {
      const up = redis && worker.isRunning();
      response.writeHead(up ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: up ? 'up' : 'down', redis: redis ? 'up' : 'down', worker: hostname(), pid: process.pid, jobs }));
    });
  });
  server.listen(port, '127.0.0.1');
  return server;
}

function answersInTime(probe: () => Promise<unknown>): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1500).unref());
  return Promise.race([
    probe().then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}
