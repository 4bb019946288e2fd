import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/harness.ts';

/** The built SPA is served by the API process, with client-side routes falling back to it. */
describe('serving the web app', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('serves index.html for client-side routes, revalidated on each visit', async () => {
    for (const path of ['/', '/coach-requests', '/coach/athletes/123', '/no-such-page']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<div id="root">');
    }
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
    expect(await api.json()).toEqual({ message: 'Not found' });
  });
});
