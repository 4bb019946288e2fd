import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDevInsightsCredentials } from '../../api/src/dev-insights.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';

/** Development's insights console login: random per data folder, printed, kept, and used. */
describe('insights credentials in development', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dev-insights-'));
  const dataDir = path.join(root, 'data');
  const devConfig = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ...env });
  const printed: string[] = [];
  let first: Config;
  let t: TestApp;

  beforeAll(async () => {
    first = await withDevInsightsCredentials(devConfig(), { print: (line) => printed.push(line) });
    t = await createTestApp({ env: { INSIGHTS_USERNAME: first.INSIGHTS_USERNAME!, INSIGHTS_PASSWORD: first.INSIGHTS_PASSWORD! } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the first start makes random credentials, prints them and keeps them beside demo-logins.txt, owner-only', () => {
    expect(first.INSIGHTS_USERNAME).toBe('insights');
    expect(first.INSIGHTS_PASSWORD).toMatch(/^dev-[\w-]{16}$/);
    const file = path.join(dataDir, 'insights-login.txt');
    const text = printed.join('\n');
    expect(text).toContain(first.INSIGHTS_PASSWORD);
    expect(text).toContain(file);
    const kept = readFileSync(file, 'utf8');
    expect(kept).toContain(`username: ${first.INSIGHTS_USERNAME}`);
    expect(kept).toContain(`password: ${first.INSIGHTS_PASSWORD}`);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('the printed credentials open the console; others do not', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/support-insights/stats',
      payload: { username: first.INSIGHTS_USERNAME, password: first.INSIGHTS_PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/support-insights/stats',
      payload: { username: first.INSIGHTS_USERNAME, password: 'dev-guess' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('later starts of the same data folder reuse them and do not print the password again', async () => {
    const lines: string[] = [];
    const again = await withDevInsightsCredentials(devConfig(), { print: (line) => lines.push(line) });
    expect([again.INSIGHTS_USERNAME, again.INSIGHTS_PASSWORD]).toEqual([first.INSIGHTS_USERNAME, first.INSIGHTS_PASSWORD]);
    expect(lines.join('\n')).not.toContain(first.INSIGHTS_PASSWORD);
    expect(lines.join('\n')).toContain('insights-login.txt');
  });

  it('another data folder gets other credentials', async () => {
    const other = await withDevInsightsCredentials(loadConfig({ NODE_ENV: 'development', DATA_DIR: path.join(root, 'other') }), { print: () => {} });
    expect(other.INSIGHTS_PASSWORD).not.toBe(first.INSIGHTS_PASSWORD);
  });

  it('configured credentials, production and tests are left alone', async () => {
    const quiet = { print: () => expect.fail('nothing should be printed') };
    const configured = devConfig({ INSIGHTS_USERNAME: 'me', INSIGHTS_PASSWORD: 'mine' });
    expect(await withDevInsightsCredentials(configured, quiet)).toBe(configured);
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(root, 'prod'),
      SMTP_URL: 'smtp://mail.example.com',
      INSIGHTS_USERNAME: 'a',
      INSIGHTS_PASSWORD: 'b',
    });
    expect(await withDevInsightsCredentials(production, quiet)).toBe(production);
    const test = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'test') });
    expect(await withDevInsightsCredentials(test, quiet)).toBe(test);
    expect(() => statSync(path.join(root, 'test', 'insights-login.txt'))).toThrow();
  });
});
