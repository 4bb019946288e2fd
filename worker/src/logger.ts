import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/**
 * The one home of the log options of every process (the API's Fastify logger and the worker's):
 * pino, LOG_LEVEL, and the redaction below.
 *
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
export const LOG_REDACTION = { paths: REDACTED_LOG_PATHS, censor: '[redacted]' };

export function logOptions(level: Config['LOG_LEVEL']): LoggerOptions {
  return { level, redact: LOG_REDACTION };
}

/** A process's logger (JSON lines on stdout unless a destination is given). */
export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Logger {
  return destination ? pino(logOptions(level), destination) : pino(logOptions(level));
}

/** For the building blocks used without services (scripts, unit tests): info and above. */
export const fallbackLogger: Logger = createLogger('info');

export type { Logger };
