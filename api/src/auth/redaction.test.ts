import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { withLogRedaction } from './redaction.ts';

describe('withLogRedaction', () => {
  it('censors secrets in anything a handler logs, and the cookie header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: withLogRedaction({ level: 'info', stream }) });
    app.post('/echo', async (request) => {
      request.log.info({ body: request.body }, 'body');
      request.log.info(request.body as object, 'flat');
      request.log.info({ req: { headers: request.headers } }, 'headers');
      request.log.info({ row: { user: { password_hash: '$argon2id$secret-hash' } } }, 'row');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { cookie: 'rp_session=session-token-value' },
      payload: { email: 'a@b.co', password: 'hunter2-secret', confirmPassword: 'hunter2-secret', verificationCode: '482913' },
    });
    await app.close();
    const logs = lines.join('');
    expect(logs).toContain('a@b.co'); // the rest of the body is still logged
    expect(logs).toContain('[redacted]');
    for (const secret of ['hunter2-secret', '482913', 'secret-hash', 'session-token-value']) expect(logs).not.toContain(secret);
  });

  it('passes false through and adds redaction to true', () => {
    expect(withLogRedaction(false)).toBe(false);
    expect(withLogRedaction(true)).toMatchObject({ redact: { censor: '[redacted]' } });
  });
});
