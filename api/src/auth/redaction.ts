import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets that must never reach a log line: passwords, their hashes, verification codes and the
 * session cookie. Fastify does not log bodies, but anything that logs a request body, a payload
 * or a row (as such or one or two levels down) gets these fields censored.
 */
const SECRET_KEYS = ['password', 'confirmPassword', 'password_hash', 'passwordHash', 'verificationCode', 'code_hash'];
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** The app's logger options with the redaction added (a pino instance or `false` pass through). */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === true) return { redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } };
  if (logger && typeof logger === 'object' && !('redact' in logger && logger.redact)) {
    return { ...logger, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } };
  }
  return logger;
}
