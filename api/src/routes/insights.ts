import { insightsLoginSchema, type InsightsLogin } from '@app/domain';
import { insightsStats, recentAthletes, recentRequests } from '@app/worker/store';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyInsightsCredentials } from '../auth/insights.ts';
import { unauthorized } from '../lib/http-errors.ts';

export const INSIGHTS_MESSAGES = {
  invalidCredentials: 'Invalid insights username or password.',
} as const;

/** Messages per day cover this many days, today included. */
export const INSIGHTS_MESSAGE_DAYS = 14;

/** The lists show this many entries (spec section 9). */
export const INSIGHTS_LIST_SIZE = 8;

/**
 * Each address gets this many calls per minute on each insights route (decision A5). The console
 * makes one call per route when it signs in or refreshes, so this allows ten refreshes a minute
 * while capping password guessing.
 */
export const INSIGHTS_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * The internal insights console (spec section 2; decision A5). No session: every call carries the
 * console's username and password from configuration, checked in constant time.
 */
export async function insightsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;
  const options = { schema: { body: insightsLoginSchema }, config: { rateLimit: INSIGHTS_RATE_LIMIT } };

  /** Checks the credentials; the figures are internal and never cached. */
  function authorize({ username, password }: InsightsLogin, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    if (!verifyInsightsCredentials(app.services.config, username, password)) throw unauthorized(INSIGHTS_MESSAGES.invalidCredentials);
  }

  app.post('/support-insights/stats', options, async (request, reply) => {
    authorize(request.body, reply);
    return insightsStats(db, INSIGHTS_MESSAGE_DAYS);
  });

  app.post('/support-insights/athletes', options, async (request, reply) => {
    authorize(request.body, reply);
    return { athletes: await recentAthletes(db, INSIGHTS_LIST_SIZE) };
  });

  app.post('/support-insights/requests', options, async (request, reply) => {
    authorize(request.body, reply);
    return { requests: await recentRequests(db, INSIGHTS_LIST_SIZE) };
  });
}
