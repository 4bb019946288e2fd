import type { FastifyInstance } from 'fastify';
import { isUuid } from '../lib/ids.ts';
import { notFound } from '../lib/http-errors.ts';

/**
 * GET /api/media/{id}: an uploaded image (decision P3). Public like any profile picture on the
 * web: ids are random UUIDs, and an image never changes once stored (a new upload gets a new id),
 * so it is cached for a year.
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/media/:id', async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) throw notFound('Image not found');
    const image = await app.services.db.selectFrom('images').select(['mime', 'bytes']).where('id', '=', id).executeTakeFirst();
    if (!image) throw notFound('Image not found');
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
}
