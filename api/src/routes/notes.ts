import { errorResponses, noteAnswerSchema, noteInputSchema, noteListSchema } from '@app/domain';
import { noteExcerpts, noteOn, saveNote, type Note, type NoteAuthor } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { notFound } from '../lib/http-errors.ts';
import { ATHLETE_NOT_FOUND } from './coach.ts';

const idParams = z.object({ id: z.string() });

const noteAnswer = (note: Note | null) => ({ note: note && { body: note.body, updatedAt: note.updatedAt.toISOString() } });

/**
 * Private notes on athletes, for coaches (on completed athletes) and agents (on their agency's):
 * under /coach/ and /agent/, GET notes (excerpts for the lists), GET and PUT athletes/:id/note.
 * The author is the session's user: no route names another author's note. An athlete the author
 * cannot open is not found.
 */
export async function noteRoutes(fastify: FastifyInstance) {
  for (const role of ['coach', 'agent'] as const) authorRoutes(fastify, role);
}

function authorRoutes(app: FastifyInstance, role: NoteAuthor['role']) {
  const guard = requireRole(role);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const author = (request: Parameters<typeof currentUser>[0]): NoteAuthor => ({ id: currentUser(request).id, role });

  typed.get(`/${role}/notes`, { onRequest: guard, schema: { response: { 200: noteListSchema, ...errorResponses } } }, async (request) => {
    const rows = await noteExcerpts(app.services.db, author(request));
    return { notes: rows.map((r) => ({ athleteId: r.athlete_id, excerpt: r.excerpt, truncated: r.truncated, updatedAt: r.updated_at.toISOString() })) };
  });

  typed.get(
    `/${role}/athletes/:id/note`,
    { onRequest: guard, schema: { params: idParams, response: { 200: noteAnswerSchema, ...errorResponses } } },
    async (request) => {
      const note = await noteOn(app.services.db, author(request), request.params.id);
      if (!note.ok) throw notFound(ATHLETE_NOT_FOUND);
      return noteAnswer(note.value);
    },
  );

  typed.put(
    `/${role}/athletes/:id/note`,
    { onRequest: guard, schema: { params: idParams, body: noteInputSchema, response: { 200: noteAnswerSchema, ...errorResponses } } },
    async (request) => {
      const saved = await saveNote(app.services.db, author(request), request.params.id, request.body.body);
      if (!saved.ok) throw notFound(ATHLETE_NOT_FOUND);
      return noteAnswer(saved.value);
    },
  );
}
