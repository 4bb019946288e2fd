import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountData, accountView, setAccountLanguage } from '@app/worker/store';
import { currentUser, endSession, hasSessionCookie, loadUser, requireRole } from '../auth/session.ts';
import { unauthorized } from '../lib/http-errors.ts';
import {
  accountExportSchema,
  accountLanguageSchema,
  BRAND_NAME,
  errorResponses,
  messageAnswerSchema,
  sessionAnswerSchema,
  validateTokenAnswerSchema,
} from '@app/domain';

/** Who is signed in (decision A1: GET /validate-token, 401 'Token invalid' when nobody), and sign-out. */
export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/validate-token', { schema: { response: { 200: validateTokenAnswerSchema, ...errorResponses } } }, async (request, reply) => {
    // Per user and changing at sign-in and sign-out: never cached.
    reply.header('cache-control', 'no-store');
    const user = await loadUser(request);
    if (!user) throw unauthorized('Token invalid');
    return { user: await accountView(app.services.db, user) };
  });

  /**
   * The web app's session probe: always 200, so a signed-out visitor's browser logs no error.
   * `sessionEnded` says a session cookie came but its session is over (expired, idle, revoked):
   * the app then asks the user to sign in again rather than treating them as a new visitor.
   */
  app.get('/session', { schema: { response: { 200: sessionAnswerSchema, ...errorResponses } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await loadUser(request);
    if (!user) return hasSessionCookie(request) ? { user: null, sessionEnded: true as const } : { user: null };
    return { user: await accountView(app.services.db, user) };
  });

  /** The signed-in account's language (issue 19), any role; the answer is the account as the session probe shows it. */
  app.put(
    '/account/language',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { body: accountLanguageSchema, response: { 200: validateTokenAnswerSchema, ...errorResponses } },
    },
    async (request) => {
      const user = currentUser(request);
      await setAccountLanguage(app.services.db, user.id, request.body.language);
      return { user: await accountView(app.services.db, user) };
    },
  );

  /**
   * A copy of what the product keeps about the signed-in account (GDPR access and portability),
   * any role, as a JSON file to download. Per user: never cached.
   */
  app.get(
    '/account/export',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { response: { 200: accountExportSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const exportedAt = new Date().toISOString();
      const data = await accountData(app.services.db, user);
      const filename = `${BRAND_NAME.toLowerCase()}-${user.role}-data-${exportedAt.slice(0, 10)}.json`;
      reply.header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
      return { exportedAt, ...data };
    },
  );

  app.post('/logout', { schema: { response: { 200: messageAnswerSchema, ...errorResponses } } }, async (request, reply) => {
    await endSession(request, reply);
    return reply.send({ message: 'Signed Out!' });
  });
}
