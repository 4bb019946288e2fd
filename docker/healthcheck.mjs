// Container health check in Node itself (the images carry no wget or curl).
//   node docker/healthcheck.mjs api      GET /api/health on PORT (database and queue answer)
//   node docker/healthcheck.mjs worker   GET /health on WORKER_HEALTH_PORT (the worker runs)
// Exit 0 when healthy, 1 otherwise; --print writes the answer's body to stdout.
const [kind = 'api', ...flags] = process.argv.slice(2);
const url = kind === 'worker' ? `http://127.0.0.1:${process.env.WORKER_HEALTH_PORT || 3001}/health` : `http://127.0.0.1:${process.env.PORT || 3000}/api/health`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  const body = await response.text();
  if (flags.includes('--print')) console.log(body);
  if (!response.ok) console.error(`${kind} unhealthy: ${response.status} ${body.slice(0, 300)}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`${kind} health check failed: ${error.message}`);
  process.exit(1);
}
