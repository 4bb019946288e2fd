import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_ROUTES } from '@app/domain/spa-routes';
import { startTestServer } from '../support/harness.ts';

/** The built SPA is served by the API process, with client-side routes falling back to it. */
describe('serving the web app', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('serves index.html for client-side routes, revalidated on each visit', async () => {
    for (const path of ['/', '/coach-requests', '/coach/athletes/123', '/faq/', '/athlete-dashboard?tab=1']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });

  it('answers every route of the web app (domain SPA_ROUTES) with 200', async () => {
    for (const route of SPA_ROUTES) {
      const path = route.path.replace(/:[^/]+/g, 'some-id');
      expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(200);
    }
  });

  it('answers 404 with the SPA shell (its not-found page) for a path no route knows', async () => {
    for (const path of ['/no-such-page', '/coach/athletes', '/athlete-dashboard/extra', '/agent']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(await res.text(), path).toContain('<div id="root">');
    }
    const head = await fetch(`${server.baseUrl}/no-such-page`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    // API paths keep their JSON 404.
    const api = await fetch(`${server.baseUrl}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(await api.json()).toEqual({ message: 'Not found', code: 'notFound' });
  });

  it('serves fingerprinted assets with a long cache, and 404s missing files and API paths', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const res = await fetch(`${server.baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.baseUrl}/assets/missing-abc123.js`)).status).toBe(404);
    const api = await fetch(`${server.baseUrl}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found', code: 'notFound' });
  });
  it('sends the scripts, the styles and the page compressed to a browser that accepts it (Brotli first, then gzip), as they are to one that does not', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const files = ['/', /\/assets\/index-[^"]+\.js/.exec(html)![0], /\/assets\/index-[^"]+\.css/.exec(html)![0]];
    // node:http, not fetch: fetch decodes the body, and the test must see the bytes sent.
    const get = (path: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.baseUrl}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    for (const path of files) {
      const plain = await get(path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers.vary?.toLowerCase(), path).toContain('accept-encoding');
      const br = await get(path, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.body.length, path).toBeLessThan(plain.body.length / 2);
      expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
      const gz = await get(path, 'gzip');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body), path).toBe(true);
      // The cache rules are the file's, whichever copy is sent.
      expect(br.headers['cache-control'], path).toBe(plain.headers['cache-control']);
    }
    // A client-side route's shell too.
    const shell = await get('/coach-requests', 'br');
    expect(shell.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(shell.body).toString()).toContain('<div id="root">');
  });
});
