import { athleteProfileSchema } from '@app/domain';
import type { Athlete } from '@app/worker';
import { dismissBudgetPrompt, findAthlete, saveAthleteProfile } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { notFound } from '../lib/http-errors.ts';
import { readImageUpload } from '../lib/images.ts';
import { athleteProfileViewSchema, errorResponses, noContentSchema } from '@app/domain';

/** A 5 MB photo is ~6.7 MB as base64; the margin lets the size check answer with its own message. */
const PROFILE_BODY_LIMIT = 12 * 1024 * 1024;

export const PROFILE_NOT_FOUND = 'Profile not found';

/**
 * The athlete's own profile as the dashboard, the profile view and the form read it: every saved
 * field, plus what the server owns (id, email, completion, dates, photo path, agency).
 */
export function athleteProfileView(
  row: Pick<Athlete, 'id' | 'email' | 'full_name' | 'agency' | 'profile' | 'profile_completed' | 'created_at' | 'updated_at'>,
) {
  const profile = row.profile;
  return {
    ...profile,
    id: row.id,
    email: row.email,
    fullName: (profile.fullName as string | undefined) ?? row.full_name,
    agency: row.agency ?? (profile.agency as string | undefined) ?? null,
    profilePhotoUrl: (profile.profilePhotoUrl as string | undefined) ?? null,
    profileCompleted: row.profile_completed,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** GET /api/athlete/dashboard, PUT /api/athlete/profile and the budget prompt (decisions A6, P2, P3, S15). */
export async function athleteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/athlete/dashboard',
    { onRequest: requireRole('athlete'), schema: { response: { 200: athleteProfileViewSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      const row = await findAthlete(app.services.db, user.id);
      if (!row) throw notFound(PROFILE_NOT_FOUND);
      return athleteProfileView(row);
    },
  );

  /**
   * Replaces the profile with the submitted fields (PUT: a field left out is cleared), keeping
   * what the server owns: the email and, unless a new one is uploaded, the photo. The server
   * decides completion (P2), fills the indexed columns the matcher filters on, bumps the version
   * and records the change for rescoring, all in one transaction.
   */
  app.put(
    '/athlete/profile',
    {
      onRequest: requireRole('athlete'),
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: { body: athleteProfileSchema, response: { 200: athleteProfileViewSchema, ...errorResponses } },
    },
    async (request) => {
      const user = currentUser(request);
      const { profilePhotoBase64, profilePhotoMime, ...fields } = request.body;
      const { db, outbox } = app.services;
      // Decoded and re-encoded before the transaction: no connection is held meanwhile.
      const photo = profilePhotoBase64 ? await readImageUpload(profilePhotoBase64) : undefined;

      const saved = await saveAthleteProfile(db, user.id, fields, photo);
      if (!saved.ok) throw notFound(PROFILE_NOT_FOUND);
      outbox.kick();
      return athleteProfileView(saved.value);
    },
  );

  /**
   * "Not now" on the dashboard's budget prompt (decision S15, see the 2026-11-23 migration): the
   * prompt is shown once, so its marker is removed. The budget stays unset; nothing is rescored.
   */
  app.post(
    '/athlete/budget-prompt/dismiss',
    { onRequest: requireRole('athlete'), schema: { response: { 204: noContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(await dismissBudgetPrompt(app.services.db, user.id))) throw notFound(PROFILE_NOT_FOUND);
      return reply.code(204).send();
    },
  );
}
