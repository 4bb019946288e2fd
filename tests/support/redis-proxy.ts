import net from 'node:net';

/** A TCP proxy in front of Redis that can be cut and restored: Redis "goes away" for every client. */
export async function startRedisProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      listening = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      listening = true;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
