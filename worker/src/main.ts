import { loadConfigOrExit } from './config.ts';
import { startWorkerHealthServer } from './health-server.ts';
import { startBullWorker } from './queue/bullmq-queue.ts';
import { createServices } from './services.ts';

/**
 * A standalone worker process: a BullMQ consumer over Redis, plus an outbox relay (so changes
 * committed by an API that died before relaying them still become jobs). Scale by running more
 * of them; WORKER_CONCURRENCY jobs run at once in each.
 */
const config = loadConfigOrExit();
if (!config.REDIS_URL) {
  console.error('Invalid environment:\n  REDIS_URL: required for a standalone worker (without it the API runs jobs in-process)');
  process.exit(1);
}
const services = await createServices(config);
const worker = startBullWorker(config.REDIS_URL, services.processors, config.WORKER_CONCURRENCY, config.QUEUE_PREFIX, {
  lockDurationMs: config.WORKER_LOCK_MS,
  log: services.log,
});
const health = config.WORKER_HEALTH_PORT ? startWorkerHealthServer(worker, config.WORKER_HEALTH_PORT, () => services.queue.stats()) : undefined;
services.log.info(
  `Worker started (concurrency ${config.WORKER_CONCURRENCY}, queue prefix ${config.QUEUE_PREFIX}${health ? `, health on port ${config.WORKER_HEALTH_PORT}` : ''}).`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log.info(`${signal}: finishing active jobs…`);
  // Active jobs finish; waiting ones stay in Redis for the other workers or the next start.
  await worker.close();
  health?.close();
  await services.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
