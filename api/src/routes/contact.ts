import { contactMessageSchema } from '@app/domain';
import { recordContactMessage } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export const CONTACT_THANKS = 'Thanks for reaching out! We’ll respond soon.';

/** POST /api/contact: stores the message and, in the same transaction, the mail to send. */
export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/contact',
    {
      schema: { body: contactMessageSchema },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { db, outbox } = app.services;
      await recordContactMessage(db, request.body);
      outbox.kick();
      return reply.code(201).send({ message: CONTACT_THANKS });
    },
  );
}
