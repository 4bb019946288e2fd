import { BRAND_NAME } from '@app/domain';
import { createServices, loadConfigOrExit, logOptions } from '@app/worker';
import { buildApp } from './app.ts';
import { withDevInsightsCredentials } from './dev-insights.ts';
import { reencodeLegacyImages } from './lib/images.ts';

/** The process that listens. Everything else is in app.ts (tests use app.inject). */
const config = await withDevInsightsCredentials(loadConfigOrExit());

const services = await createServices(config);
const app = await buildApp({ services, logger: logOptions(config.LOG_LEVEL) });
if (services.database.embedded) {
  const { seedDemoIfEmpty } = await import('./demo.ts');
  await seedDemoIfEmpty(services);
}
await app.listen({ host: config.HOST, port: config.PORT });
// Images stored before uploads were re-encoded lose their EXIF/GPS now (decision P3).
void reencodeLegacyImages(services.db, app.log)
  .then((count) => count && app.log.info(`[images] re-encoded ${count} image(s) stored before decision P3`))
  .catch((error: unknown) => app.log.error({ err: error }, '[images] re-encoding stored images failed'));
const address = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${(app.server.address() as { port: number }).port}`;
console.log(`\n${BRAND_NAME} is running at ${address}`);
console.log(
  `  database: ${services.database.embedded ? `embedded PGlite (${config.DATA_DIR})` : 'DATABASE_URL'}; jobs: ${services.queue.kind}; mail: ${config.SMTP_URL ? 'SMTP' : 'printed to this log'}\n`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await services.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
