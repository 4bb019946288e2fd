import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDatabasePoolSize, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults for the embedded run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, QUEUE_PREFIX: 'rp' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('names every bad key', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', WORKER_CONCURRENCY: '0' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', WORKER_CONCURRENCY: '0' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('WORKER_CONCURRENCY');
    }
  });

  it('refuses a bad AGENCY_EMAIL_DOMAINS, naming the key', () => {
    expect(() => loadConfig({ AGENCY_EMAIL_DOMAINS: 'Acme=acme.com' })).toThrow(/AGENCY_EMAIL_DOMAINS: unknown agency "Acme"/);
    expect(loadConfig({ AGENCY_EMAIL_DOMAINS: 'Mae=mae.example' }).AGENCY_EMAIL_DOMAINS).toBe('Mae=mae.example');
  });

  it('sizes the database pool at twice the cores, at most 10; DATABASE_POOL_SIZE overrides it', () => {
    expect(defaultDatabasePoolSize(1)).toBe(2);
    expect(defaultDatabasePoolSize(2)).toBe(4);
    expect(defaultDatabasePoolSize(16)).toBe(10);
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(defaultDatabasePoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '3' }).DATABASE_POOL_SIZE).toBe(3);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('treats empty URLs as unset', () => {
    const config = loadConfig({ REDIS_URL: '', SMTP_URL: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or addresses/CIDRs (decision A7)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: a hop count or a comma list/);
    }
  });

  it('refuses to start in production without SMTP_URL and the insights credentials (decision A5)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: required in production[\s\S]*INSIGHTS_USERNAME: required in production[\s\S]*INSIGHTS_PASSWORD: required in production/,
    );
    const complete = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', INSIGHTS_USERNAME: 'staff', INSIGHTS_PASSWORD: 'long-secret' };
    expect(loadConfig(complete).NODE_ENV).toBe('production');
    // Blank counts as missing: codes must never go to stdout in production.
    expect(() => loadConfig({ ...complete, SMTP_URL: '' })).toThrow(/^Invalid environment:\n {2}SMTP_URL: required in production$/);
    expect(() => loadConfig({ ...complete, INSIGHTS_PASSWORD: undefined })).toThrow(/INSIGHTS_PASSWORD: required in production/);
    // Development keeps printing mail to the log.
    expect(loadConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });
});

describe('an entry point with an invalid environment', () => {
  it('prints every bad setting and exits with code 1, before touching a database', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'worker/src/db/migrate-cli.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'not a url' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Invalid environment:\n {2}PORT: .+\n {2}DATABASE_URL: /);
  });
});
