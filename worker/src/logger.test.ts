import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './mail.ts';

function capture(level: Parameters<typeof createLogger>[0]): { log: Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const log = createLogger(level, stream);
  return {
    log,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('the worker logger (pino, LOG_LEVEL, the API redaction)', () => {
  it('writes JSON lines at the configured level and above', () => {
    const { log, lines } = capture('warn');
    log.info('hidden');
    log.warn('shown');
    log.error({ err: new Error('boom') }, 'failed');
    expect(lines().map((l) => [l.level, l.msg])).toEqual([
      [40, 'shown'],
      [50, 'failed'],
    ]);
  });

  it('censors passwords, hashes, codes and cookies like the API', () => {
    const { log, lines } = capture('info');
    log.info({ password: 'hunter2-secret', row: { password_hash: '$argon2id$hash', code_hash: 'c0de' }, job: { data: { verificationCode: '482913' } } }, 'row');
    log.info({ req: { headers: { cookie: 'rp_session=token-value' } } }, 'request');
    const text = JSON.stringify(lines());
    expect(text).toContain('[redacted]');
    for (const secret of ['hunter2-secret', '$argon2id$hash', 'c0de', '482913', 'token-value']) expect(text).not.toContain(secret);
  });

  it('the log-only mailer (development) writes through the logger', async () => {
    const { log, lines } = capture('info');
    await createMailer({ from: 'x@example.com', log }).send({ to: 'ana@example.com', subject: 'Your code', text: 'Code: 123456' });
    expect(lines()).toEqual([expect.objectContaining({ level: 30, mail: { to: 'ana@example.com', subject: 'Your code', text: 'Code: 123456' } })]);
  });

  it('no worker module writes to console (entry points of one-shot scripts and the config error excepted)', () => {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const allowed = new Set(['config.ts', 'reindex-cli.ts', path.join('db', 'migrate-cli.ts'), 'main.ts']);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        const rel = path.relative(root, full);
        if (entry.isDirectory()) walk(full);
        else if (
          rel.endsWith('.ts') &&
          !rel.endsWith('.test.ts') &&
          !allowed.has(rel) &&
          /\bconsole\.(log|error|warn|info|debug)\(/.test(readFileSync(full, 'utf8'))
        )
          offenders.push(rel);
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
