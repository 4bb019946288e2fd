import { LOG_REDACTION } from '@app/worker/logger';
import type { FastifyServerOptions } from 'fastify';

/** The app's logger options with the shared redaction added (a pino instance or `false` pass through). */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === true) return { redact: LOG_REDACTION };
  if (logger && typeof logger === 'object' && !('redact' in logger && logger.redact)) {
    return { ...logger, redact: LOG_REDACTION };
  }
  return logger;
}
