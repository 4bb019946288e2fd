// A loopback HTTP proxy for the scale-out benchmark (scale-out.ts): spreads requests over the API
// processes named in UPSTREAM_PORTS (round robin, keep-alive connections to each), as a load
// balancer in front of several API processes would. Prints its port as one JSON line.
import http from 'node:http';

const ports = (process.env.UPSTREAM_PORTS ?? '').split(',').filter(Boolean).map(Number);
if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p <= 0)) {
  console.error('UPSTREAM_PORTS must list the API ports, e.g. 41001,41002');
  process.exit(2);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

const server = http.createServer((req, res) => {
  const port = ports[next++ % ports.length];
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${error.message}`);
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as { port: number }).port })));
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
