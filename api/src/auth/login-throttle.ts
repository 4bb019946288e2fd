import { setTimeout as sleep } from 'node:timers/promises';
import type { Role } from '@app/worker';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';

/**
 * Wrong passwords (decision A9): they slow down and then block one (account, address) pair; the
 * account as a whole is only slowed down, so strangers guessing from many addresses never lock
 * the owner out (and the owner can always reset the password by email).
 *
 * Failures are counted in the rate-limit store (Redis when configured, shared by every API
 * process; otherwise this process's memory) over a 15-minute window.
 */
export const LOGIN_WINDOW = '15 minutes';
/** Wrong passwords from one address for one account before that pair is refused. */
export const PAIR_MAX_FAILURES = 10;
/** Wrong passwords for one account (from anywhere) before its sign-ins are slowed down. */
export const ACCOUNT_SLOWDOWN_AFTER = 10;
const ACCOUNT_DELAY_STEP_MS = 250;
const ACCOUNT_DELAY_MAX_MS = 3000;

export const LOGIN_BLOCKED = 'Too many incorrect sign-in attempts from this device. Please wait 15 minutes, or reset your password.';

/** The pause before checking a password of an account with `failures` recent wrong passwords. */
export function accountDelayMs(failures: number): number {
  return Math.min(ACCOUNT_DELAY_MAX_MS, Math.max(0, failures - ACCOUNT_SLOWDOWN_AFTER + 1) * ACCOUNT_DELAY_STEP_MS);
}

type Attempt = { role: Role; email: string };

export function createLoginThrottle(app: FastifyInstance) {
  // The plugin's key generator sees only the request: the attempt rides along with it.
  const attempts = new WeakMap<FastifyRequest, Attempt>();
  // A large max: these counters are only read, never enforced by the plugin itself.
  const counter = (name: string, key: (request: FastifyRequest, attempt: Attempt) => string) => {
    const max = 1_000_000;
    const limit = app.createRateLimit({
      max,
      timeWindow: LOGIN_WINDOW,
      keyGenerator: (request: FastifyRequest) => `${name}:${key(request, attempts.get(request)!)}`,
    });
    return {
      async read(request: FastifyRequest, attempt: Attempt) {
        attempts.set(request, attempt);
        const state = await limit(request, { increment: false });
        return state.isAllowed ? 0 : max - (state.remaining ?? max);
      },
      async add(request: FastifyRequest, attempt: Attempt) {
        attempts.set(request, attempt);
        await limit(request);
      },
    };
  };
  const pair = counter('login-fail-pair', (request, a) => `${a.role}:${a.email}:${request.ip}`);
  const account = counter('login-fail-account', (_request, a) => `${a.role}:${a.email}`);

  return {
    /** Before the password is checked: refuses a blocked pair, and waits when the account is under attack. */
    async before(request: FastifyRequest, attempt: Attempt) {
      const [pairFailures, accountFailures] = await Promise.all([pair.read(request, attempt), account.read(request, attempt)]);
      if (pairFailures >= PAIR_MAX_FAILURES) throw new HttpError(429, LOGIN_BLOCKED);
      const delay = accountDelayMs(accountFailures);
      if (delay > 0) await sleep(delay);
    },
    /** After a wrong password: one more failure for the pair and for the account. */
    async failed(request: FastifyRequest, attempt: Attempt) {
      await Promise.all([pair.add(request, attempt), account.add(request, attempt)]);
    },
  };
}
