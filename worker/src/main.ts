import { loadConfig } from './config.ts';
import { startBullWorker } from './queue/bullmq-queue.ts';
import { createServices } from './services.ts';

/** A standalone worker process: BullMQ consumer over Redis. Scale by running more of them. */
const config = loadConfig();
if (!config.REDIS_URL) {
  console.error('Invalid environment:\n  REDIS_URL: required for a standalone worker (without it the API runs jobs in-process)');
  process.exit(1);
}
const services = await createServices(config);
const worker = startBullWorker(config.REDIS_URL, services.processors, config.WORKER_CONCURRENCY, config.QUEUE_PREFIX);
console.log(`Worker started (concurrency ${config.WORKER_CONCURRENCY}).`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing active jobs…`);
  await worker.close();
  await services.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
