import { cleanAthleteForCoach, coachProfileSchema, coachRequestSchema } from '@app/domain';
import type { CoachRequest } from '@app/worker';
import { coachDashboard, createRequest, deleteRequest, editRequest, findCoach, findCompletedAthlete, listRequests, saveCoachProfile } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adoptSessionOf, currentUser, liveSessionSql, readsSessionWithData, requireRole, sessionCookieHash } from '../auth/session.ts';
import { errorBody, notFound } from '../lib/http-errors.ts';
import { readImageUpload } from '../lib/images.ts';
import { precompiledSerializerCompiler } from '../lib/precompiled-serializer.ts';
import {
  coachAthleteSchema,
  coachDashboardSchema,
  coachProfileViewSchema,
  coachRequestListSchema,
  coachRequestViewSchema,
  errorResponses,
  noContentSchema,
  type CoachRequestView,
} from '@app/domain';

/** Two 5 MB images (photo and logo) as base64, plus the fields. */
const PROFILE_BODY_LIMIT = 16 * 1024 * 1024;
/** The dashboard lists this many matches at most (the counts are always exact). */
const DASHBOARD_MATCH_LIMIT = 300;

export const COACH_NOT_FOUND = 'Coach profile not found';
export const REQUEST_NOT_FOUND = 'Request not found';
export const ATHLETE_NOT_FOUND = 'Athlete not found';

/** PATCH /coach/requests/{id}: any of the request's fields; the merged request is checked by the create schema. */
const requestEditBody = z.record(z.string(), z.unknown(), { error: 'Send the fields to change' });

/** Ids in paths are uuids; anything else cannot name an object, so it is simply not found. */
const idParams = z.object({ id: z.string() });

interface CoachRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  profile: unknown;
  created_at: Date;
  updated_at: Date;
}

/** The coach profile as the screens read it (spec section 3, "Coach profile"). */
export function coachProfileView(row: CoachRow) {
  const profile = row.profile as Record<string, unknown>;
  return {
    ...profile,
    id: row.id,
    email: row.email,
    coachFirstName: row.first_name,
    coachLastName: row.last_name,
    programName: (profile.programName as string | undefined) ?? null,
    profilePhotoUrl: (profile.profilePhotoUrl as string | undefined) ?? null,
    universityLogoUrl: (profile.universityLogoUrl as string | undefined) ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A request as the list and detail read it (spec section 3, "Coach request"). */
export function coachRequestView(row: Pick<CoachRequest, 'id' | 'data' | 'urgent' | 'created_at'>) {
  // The stored data is what coachRequestSchema accepted (every field, defaults filled in).
  return {
    ...(row.data as Omit<CoachRequestView, '_id' | 'urgent' | 'createdAt'>),
    _id: row.id,
    urgent: row.urgent,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Coach area: dashboard, program profile, recruitment requests and the athlete view.
 * Every route is for coaches only; a coach reaches only their own objects (decision A6).
 */
export async function coachRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const coachOnly = requireRole('coach');

  async function loadCoach(id: string) {
    const row = await findCoach(app.services.db, id);
    if (!row) throw notFound(COACH_NOT_FOUND);
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Dashboard: the coach and the summary of the matches they shared (never the athlete pool).

  app.get(
    '/coach/dashboard',
    {
      // The session, the coach and their matches are read in one statement (coachDashboard).
      onRequest: readsSessionWithData,
      schema: { response: { 200: coachDashboardSchema, ...errorResponses } },
      // Read on every visit of the coach's home: written by a serializer compiled from its schema.
      serializerCompiler: precompiledSerializerCompiler,
    },
    async (request, reply) => {
      const sessionHash = sessionCookieHash(request)!;
      const read = await coachDashboard(app.services.db, liveSessionSql(sessionHash), DASHBOARD_MATCH_LIMIT);
      await adoptSessionOf('coach', request, reply, sessionHash, read);
      if (!read?.coach) throw notFound(COACH_NOT_FOUND);
      const { matches } = read;
      return {
        coach: coachProfileView(read.coach),
        matchSummary: {
          counts: read.counts,
          groups: {
            accepted: matches.filter((m) => m.status === 'accepted'),
            pending: matches.filter((m) => m.status === 'pending'),
            declined: matches.filter((m) => m.status === 'declined'),
          },
        },
      };
    },
  );

  // ------------------------------------------------------------------------------------------
  // Program profile

  app.get('/coach/profile', { onRequest: coachOnly, schema: { response: { 200: coachProfileViewSchema, ...errorResponses } } }, async (request) =>
    coachProfileView(await loadCoach(currentUser(request).id)),
  );

  /**
   * Replaces the editable fields (a field left out is cleared) and keeps the rest: the
   * university/program name is locked, the email is the account's, and the photo and logo stay
   * unless new ones are uploaded.
   */
  app.put(
    '/coach/profile',
    { onRequest: coachOnly, bodyLimit: PROFILE_BODY_LIMIT, schema: { body: coachProfileSchema, response: { 200: coachProfileViewSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      const { profilePhotoBase64, profilePhotoMime, universityLogoBase64, universityLogoMime, ...fields } = request.body;
      // Decoded and re-encoded before the transaction: no connection is held meanwhile.
      const photo = profilePhotoBase64 ? await readImageUpload(profilePhotoBase64) : undefined;
      const logo = universityLogoBase64 ? await readImageUpload(universityLogoBase64) : undefined;
      const saved = await saveCoachProfile(app.services.db, user.id, fields, { photo, logo });
      if (!saved.ok) throw notFound(COACH_NOT_FOUND);
      return coachProfileView(saved.value);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Recruitment requests

  app.post(
    '/coach/requests',
    { onRequest: coachOnly, schema: { body: coachRequestSchema, response: { 201: coachRequestViewSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { db, outbox } = app.services;
      const row = await createRequest(db, user.id, request.body);
      outbox.kick();
      return reply.code(201).send(coachRequestView(row));
    },
  );

  /**
   * Edit a request: the fields sent replace the stored ones (partial allowed; null clears an
   * optional field), and the whole result must pass the create schema, with its messages. A change
   * bumps the version and rescores through the outbox in the same transaction (decision 005);
   * until the new version is indexed the ranked list reads 'computing'. Matches and their trail
   * stay. An edit that changes nothing writes nothing.
   */
  app.patch(
    '/coach/requests/:id',
    { onRequest: coachOnly, schema: { params: idParams, body: requestEditBody, response: { 200: coachRequestViewSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { db, outbox } = app.services;
      const result = await editRequest(db, user.id, id, request.body);
      if (!result.ok && result.reason === 'not-found') throw notFound(REQUEST_NOT_FOUND);
      if (!result.ok) {
        // The create route's validation answer: the first message, and every field's.
        const errors = result.issues.map((issue) => ({ path: issue.path.map(String).join('.'), ...errorBody(issue.message) }));
        return reply.code(400).send({ ...errorBody(errors[0]?.message ?? 'Invalid request'), errors });
      }
      if (result.value.changed) outbox.kick();
      return coachRequestView(result.value.row);
    },
  );

  app.get('/coach/requests', { onRequest: coachOnly, schema: { response: { 200: coachRequestListSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const rows = await listRequests(app.services.db, user.id);
    return rows.map(coachRequestView);
  });

  /** Soft delete: the row stays (matches refer to it), the version moves so the index drops it. */
  app.delete(
    '/coach/requests/:id',
    { onRequest: coachOnly, schema: { params: idParams, response: { 204: noContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { db, outbox } = app.services;
      const deleted = await deleteRequest(db, user.id, id);
      if (!deleted.ok) throw notFound(REQUEST_NOT_FOUND);
      outbox.kick();
      return reply.code(204).send();
    },
  );

  // ------------------------------------------------------------------------------------------
  // An athlete's full profile, for completed athletes only.

  app.get(
    '/coach/athletes/:id',
    { onRequest: coachOnly, schema: { params: idParams, response: { 200: coachAthleteSchema, ...errorResponses } } },
    async (request) => {
      const { id } = request.params;
      const row = await findCompletedAthlete(app.services.db, id);
      if (!row) throw notFound(ATHLETE_NOT_FOUND);
      const athlete = cleanAthleteForCoach({
        ...row.profile,
        id: row.id,
        email: row.email,
        fullName: row.profile.fullName ?? row.full_name,
        agency: row.agency,
        isTransfer: row.is_transfer,
        profileCompleted: row.profile_completed,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
      if (!athlete) throw notFound(ATHLETE_NOT_FOUND);
      return athlete;
    },
  );
}
