import type { FastifyInstance } from 'fastify';
import { accountView } from '../auth/accounts.ts';
import { endSession, loadUser } from '../auth/session.ts';
import { unauthorized } from '../lib/http-errors.ts';

/** Who is signed in (decision A1), and sign-out. */
export async function sessionRoutes(app: FastifyInstance) {
  app.get('/validate-token', async (request, reply) => {
    // Per user and changing at sign-in and sign-out: never cached.
    reply.header('cache-control', 'no-store');
    const user = await loadUser(request);
    if (!user) throw unauthorized('Token invalid');
    return { user: await accountView(app.services.db, user) };
  });

  app.post('/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.send({ message: 'Signed Out!' });
  });
}
