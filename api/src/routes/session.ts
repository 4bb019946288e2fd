import type { FastifyInstance } from 'fastify';
import { endSession, loadUser } from '../auth/session.ts';
import { unauthorized } from '../lib/http-errors.ts';

/** Who is signed in (decision A1), and sign-out. */
export async function sessionRoutes(app: FastifyInstance) {
  app.get('/validate-token', async (request) => {
    const user = await loadUser(request);
    if (!user) throw unauthorized('Token invalid');
    const { db } = app.services;
    const names =
      user.role === 'athlete'
        ? await db.selectFrom('athletes').select(['full_name as fullName']).where('id', '=', user.id).executeTakeFirst()
        : user.role === 'coach'
          ? await db.selectFrom('coaches').select(['first_name as firstName', 'last_name as lastName']).where('id', '=', user.id).executeTakeFirst()
          : await db.selectFrom('agents').select(['first_name as firstName', 'last_name as lastName', 'agency']).where('id', '=', user.id).executeTakeFirst();
    return { user: { id: user.id, role: user.role, email: user.email, ...names } };
  });

  app.post('/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.send({ message: 'Signed Out!' });
  });
}
