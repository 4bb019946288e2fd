import { buildApp } from '@app/api';
import { createServices, loadConfig } from '@app/worker';
import { benchBaselineRoutes } from './baseline.ts';

/**
 * The API process of the benchmark: the product app (api/src/app.ts) plus the bench-only
 * baseline route, listening on loopback. Started by bench.ts with the bench database's env;
 * prints its port as one JSON line.
 */
const config = loadConfig();
const services = await createServices(config, { skipMigrations: true });
const app = await buildApp({ services, logger: false, serveWeb: false });
await app.register(benchBaselineRoutes, { prefix: '/api' });
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));

const stop = async () => {
  await app.close();
  await services.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
