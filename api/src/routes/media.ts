import { findImage } from '@app/worker/store';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../lib/http-errors.ts';
import { errorResponses } from '@app/domain';
import { z } from 'zod';

/**
 * GET /api/media/{id}: an uploaded image (decision P3), and GET /api/media/{id}/thumb its 96 px
 * thumbnail (lists and small avatars; an image stored before thumbnails answers its main image).
 * Public like any profile picture on the web: ids are random UUIDs, and an image never changes
 * once stored (a new upload gets a new id), so it is cached for a year.
 */
/** The image's own bytes, in its own type (PNG, JPEG or WebP as stored). */
const imageResponse = {
  description: 'The image',
  content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } },
};

export async function mediaRoutes(app: FastifyInstance) {
  async function serve(id: string, reply: FastifyReply, thumbnail: boolean) {
    const image = await findImage(app.services.db, id, thumbnail);
    if (!image) throw notFound('Image not found');
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  }
  app.get<{ Params: { id: string } }>('/media/:id', { schema: { response: { 200: imageResponse, ...errorResponses } } }, (request, reply) =>
    serve(request.params.id, reply, false),
  );
  app.get<{ Params: { id: string } }>('/media/:id/thumb', { schema: { response: { 200: imageResponse, ...errorResponses } } }, (request, reply) =>
    serve(request.params.id, reply, true),
  );
}
