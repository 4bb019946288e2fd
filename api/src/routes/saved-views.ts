import {
  canonicalViewQuery,
  errorResponses,
  noContentSchema,
  SAVED_VIEW_MESSAGES,
  savedViewInputSchema,
  savedViewListSchema,
  savedViewRenameSchema,
  savedViewSchema,
  type SavedViewRole,
} from '@app/domain';
import { deleteView, renameView, saveView, savedViewsOf, type SavedViewRow } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { badRequest, conflict, notFound } from '../lib/http-errors.ts';

const idParams = z.object({ id: z.string() });
const savedAnswerSchema = z.object({ view: savedViewSchema, replaced: z.boolean() }).meta({ id: 'SavedViewSaved' });

const viewAnswer = (row: SavedViewRow) => ({ id: row.id, name: row.name, query: row.query, createdAt: row.created_at.toISOString() });

/**
 * Saved list views (issue 18), under /coach/ (a request's list: view and filters) and /agent/
 * (the roster: search, filters, order): GET saved-views, POST saved-views (a name already used
 * is replaced), PATCH saved-views/:id (a new name), DELETE saved-views/:id. The owner is the session's user; another user's view is
 * not found.
 */
export async function savedViewRoutes(fastify: FastifyInstance) {
  for (const role of ['coach', 'agent'] as const) ownerRoutes(fastify, role);
}

function ownerRoutes(app: FastifyInstance, role: SavedViewRole) {
  const guard = requireRole(role);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(`/${role}/saved-views`, { onRequest: guard, schema: { response: { 200: savedViewListSchema, ...errorResponses } } }, async (request) => ({
    views: (await savedViewsOf(app.services.db, currentUser(request).id)).map(viewAnswer),
  }));

  typed.post(
    `/${role}/saved-views`,
    { onRequest: guard, schema: { body: savedViewInputSchema, response: { 200: savedAnswerSchema, 201: savedAnswerSchema, ...errorResponses } } },
    async (request, reply) => {
      const canonical = canonicalViewQuery(role, request.body.query);
      if ('error' in canonical) throw badRequest(canonical.error);
      const saved = await saveView(app.services.db, currentUser(request).id, { name: request.body.name, query: canonical.query });
      if (!saved.ok) throw conflict(SAVED_VIEW_MESSAGES.tooMany);
      return reply.code(saved.value.replaced ? 200 : 201).send({ view: viewAnswer(saved.value.view), replaced: saved.value.replaced });
    },
  );

  typed.patch(
    `/${role}/saved-views/:id`,
    { onRequest: guard, schema: { params: idParams, body: savedViewRenameSchema, response: { 200: savedViewSchema, ...errorResponses } } },
    async (request) => {
      const { name } = request.body;
      const renamed = await renameView(app.services.db, currentUser(request).id, request.params.id, name);
      if (renamed.ok) return viewAnswer(renamed.value);
      if (renamed.reason === 'name-taken') throw conflict(SAVED_VIEW_MESSAGES.nameTaken.replace('{name}', name));
      throw notFound(SAVED_VIEW_MESSAGES.notFound);
    },
  );

  typed.delete(
    `/${role}/saved-views/:id`,
    { onRequest: guard, schema: { params: idParams, response: { 204: noContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const deleted = await deleteView(app.services.db, currentUser(request).id, request.params.id);
      if (!deleted.ok) throw notFound(SAVED_VIEW_MESSAGES.notFound);
      return reply.code(204).send();
    },
  );
}
