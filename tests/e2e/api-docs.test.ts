import { describe, expect, it } from 'vitest';
import { DESKTOP, visible, watchPageProblems, useServerAndBrowser } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';

/**
 * Issue 15: the API's reference page (/api/docs) renders the OpenAPI description in Chromium
 * under the app's own Content-Security-Policy, from the app's own files (no CDN), with no console
 * error.
 */
describe.skipIf(noBrowser)('API reference page in Chromium', () => {
  const env = useServerAndBrowser();

  it('renders every route group from /api/openapi.json with no console error', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    // watchPageProblems lets API answers of 4xx through (the SPA handles them); the page's own files are no such answer.
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`);
    });
    const response = await page.goto(`${env.server.baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");

    await visible(page.getByRole('heading', { name: /RecruitMatch API/ }));
    // Operations of the description, e.g. the ranked list and the session probe.
    await visible(page.getByText('/api/coach/requests/{id}/matches', { exact: true }).first());
    await visible(page.getByText('/api/session', { exact: true }).first());

    // Expanding an operation shows its response schema.
    await page.getByText('/api/health', { exact: true }).first().click();
    await visible(page.getByText('Health').first());

    const origin = new URL(env.server.baseUrl).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
