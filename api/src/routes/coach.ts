import { cleanAthleteForCoach, coachProfileFields, coachProfileSchema, coachRequestSchema } from '@app/domain';
import { recordOutbox, type CoachRequest, type MatchStatus } from '@app/worker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { errorBody, notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { deleteReplacedImage, readImageUpload, storeImage } from '../lib/images.ts';

/** Two 5 MB images (photo and logo) as base64, plus the fields. */
const PROFILE_BODY_LIMIT = 16 * 1024 * 1024;
/** The dashboard lists this many matches at most (the counts are always exact). */
const DASHBOARD_MATCH_LIMIT = 300;

export const COACH_NOT_FOUND = 'Coach profile not found';
export const REQUEST_NOT_FOUND = 'Request not found';
export const ATHLETE_NOT_FOUND = 'Athlete not found';

/** The fields a coach edits through PUT /coach/profile (the images arrive as base64 + mime). */
const EDITABLE_KEYS = Object.keys(coachProfileFields).filter((k) => !/(Base64|Mime)$/.test(k));

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
  return { ...(row.data as Record<string, unknown>), _id: row.id, urgent: row.urgent, createdAt: new Date(row.created_at).toISOString() };
}

/**
 * Coach area: dashboard, program profile, recruitment requests and the athlete view.
 * Every route is for coaches only; a coach reaches only their own objects (decision A6).
 */
export async function coachRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const coachOnly = requireRole('coach');

  async function loadCoach(id: string) {
    const row = await app.services.db.selectFrom('coaches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(COACH_NOT_FOUND);
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Dashboard: the coach and the summary of the matches they shared (never the athlete pool).

  app.get('/coach/dashboard', { onRequest: coachOnly }, async (request) => {
    const user = currentUser(request);
    const { db } = app.services;
    const coach = await loadCoach(user.id);
    const [counts, rows] = await Promise.all([
      // Matches of deleted requests leave the dashboard with their request.
      db
        .selectFrom('matches as m')
        .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
        .select(['m.status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('m.coach_id', '=', user.id)
        .where('r.deleted_at', 'is', null)
        .groupBy('m.status')
        .execute(),
      db
        .selectFrom('matches as m')
        .innerJoin('athletes as a', 'a.id', 'm.athlete_id')
        .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
        .select([
          'm.id',
          'm.status',
          'm.auto_resolved',
          'm.updated_at',
          'm.request_id',
          'a.id as athlete_id',
          'a.full_name',
          'a.primary_position',
          sql<string | null>`a.profile->>'profilePhotoUrl'`.as('photo'),
          sql<string | null>`r.data->'positions'->>0`.as('request_position'),
        ])
        .where('m.coach_id', '=', user.id)
        .where('r.deleted_at', 'is', null)
        // A player restored to the pool before ever being shared has no match to review (M7).
        .where('m.status', 'is not', null)
        .orderBy('m.updated_at', 'desc')
        .limit(DASHBOARD_MATCH_LIMIT)
        .execute(),
    ]);
    const count = (status: MatchStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    const matches = rows.map((r) => ({
      id: r.id,
      status: r.status,
      autoResolved: r.auto_resolved,
      updatedAt: new Date(r.updated_at).toISOString(),
      requestId: r.request_id,
      requestPosition: r.request_position,
      athlete: { id: r.athlete_id, fullName: r.full_name, primaryPosition: r.primary_position, profilePhotoUrl: r.photo },
    }));
    return {
      coach: coachProfileView(coach),
      matchSummary: {
        counts: { accepted: count('accepted'), pending: count('pending'), declined: count('declined') },
        groups: {
          accepted: matches.filter((m) => m.status === 'accepted'),
          pending: matches.filter((m) => m.status === 'pending'),
          declined: matches.filter((m) => m.status === 'declined'),
        },
      },
    };
  });

  // ------------------------------------------------------------------------------------------
  // Program profile

  app.get('/coach/profile', { onRequest: coachOnly }, async (request) => coachProfileView(await loadCoach(currentUser(request).id)));

  /**
   * Replaces the editable fields (a field left out is cleared) and keeps the rest: the
   * university/program name is locked, the email is the account's, and the photo and logo stay
   * unless new ones are uploaded.
   */
  app.put(
    '/coach/profile',
    { onRequest: coachOnly, bodyLimit: PROFILE_BODY_LIMIT, schema: { body: coachProfileSchema } },
    async (request) => {
      const user = currentUser(request);
      const { profilePhotoBase64, profilePhotoMime, universityLogoBase64, universityLogoMime, ...fields } = request.body;
      // Decoded and re-encoded before the transaction: no connection is held meanwhile.
      const photo = profilePhotoBase64 ? await readImageUpload(profilePhotoBase64) : undefined;
      const logo = universityLogoBase64 ? await readImageUpload(universityLogoBase64) : undefined;
      const saved = await app.services.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('coaches').select(['profile']).where('id', '=', user.id).forUpdate().executeTakeFirst();
        if (!current) throw notFound(COACH_NOT_FOUND);
        const profile: Record<string, unknown> = { ...(current.profile as Record<string, unknown>) };
        for (const key of EDITABLE_KEYS) delete profile[key];
        Object.assign(profile, fields);
        if (photo) {
          await deleteReplacedImage(trx, profile.profilePhotoUrl, user.id);
          profile.profilePhotoUrl = await storeImage(trx, photo, user.id);
        }
        if (logo) {
          await deleteReplacedImage(trx, profile.universityLogoUrl, user.id);
          profile.universityLogoUrl = await storeImage(trx, logo, user.id);
        }
        return trx
          .updateTable('coaches')
          .set({
            profile: JSON.stringify(profile),
            first_name: fields.coachFirstName,
            last_name: fields.coachLastName,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return coachProfileView(saved);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Recruitment requests

  app.post('/coach/requests', { onRequest: coachOnly, schema: { body: coachRequestSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const { db, outbox } = app.services;
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('coach_requests')
        .values({ coach_id: user.id, data: JSON.stringify(request.body), urgent: request.body.urgent })
        .returning(['id', 'data', 'urgent', 'version', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'request', inserted.id, inserted.version);
      return inserted;
    });
    outbox.kick();
    return reply.code(201).send(coachRequestView(row));
  });

  /**
   * Edit a request: the fields sent replace the stored ones (partial allowed; null clears an
   * optional field), and the whole result must pass the create schema, with its messages. A change
   * bumps the version and rescores through the outbox in the same transaction (decision 005);
   * until the new version is indexed the ranked list reads 'computing'. Matches and their trail
   * stay. An edit that changes nothing writes nothing.
   */
  app.patch('/coach/requests/:id', { onRequest: coachOnly, schema: { params: idParams, body: requestEditBody } }, async (request, reply) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
    const { db, outbox } = app.services;
    const result = await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('coach_requests')
        .select(['id', 'data', 'urgent', 'created_at'])
        .where('id', '=', id)
        .where('coach_id', '=', user.id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound(REQUEST_NOT_FOUND);
      const parsed = coachRequestSchema.safeParse({ ...(current.data as Record<string, unknown>), ...request.body });
      if (!parsed.success) return { invalid: parsed.error.issues } as const;
      const data = JSON.stringify(parsed.data);
      const before = coachRequestSchema.safeParse(current.data);
      if (before.success && data === JSON.stringify(before.data)) return { row: current, changed: false } as const;
      const row = await trx
        .updateTable('coach_requests')
        .set({ data, urgent: parsed.data.urgent, version: sql<string>`version + 1`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(['id', 'data', 'urgent', 'version', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'request', id, row.version);
      return { row, changed: true } as const;
    });
    if (result.invalid) {
      // The create route's validation answer: the first message, and every field's.
      const errors = result.invalid.map((issue) => ({ path: issue.path.map(String).join('.'), ...errorBody(issue.message) }));
      return reply.code(400).send({ ...errorBody(errors[0]?.message ?? 'Invalid request'), errors });
    }
    if (result.changed) outbox.kick();
    return coachRequestView(result.row);
  });

  app.get('/coach/requests', { onRequest: coachOnly }, async (request) => {
    const user = currentUser(request);
    const rows = await app.services.db
      .selectFrom('coach_requests')
      .select(['id', 'data', 'urgent', 'created_at'])
      .where('coach_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(coachRequestView);
  });

  /** Soft delete: the row stays (matches refer to it), the version moves so the index drops it. */
  app.delete('/coach/requests/:id', { onRequest: coachOnly, schema: { params: idParams } }, async (request, reply) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
    const { db, outbox } = app.services;
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('coach_requests')
        .set({ deleted_at: sql<Date>`now()`, version: sql<string>`version + 1` })
        .where('id', '=', id)
        .where('coach_id', '=', user.id)
        .where('deleted_at', 'is', null)
        .returning(['version'])
        .executeTakeFirst();
      if (!row) throw notFound(REQUEST_NOT_FOUND);
      await recordOutbox(trx, 'request', id, row.version);
    });
    outbox.kick();
    return reply.code(204).send();
  });

  // ------------------------------------------------------------------------------------------
  // An athlete's full profile, for completed athletes only.

  app.get('/coach/athletes/:id', { onRequest: coachOnly, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(ATHLETE_NOT_FOUND);
    const row = await app.services.db
      .selectFrom('athletes')
      .selectAll()
      .where('id', '=', id)
      .where('profile_completed', '=', true)
      .executeTakeFirst();
    if (!row) throw notFound(ATHLETE_NOT_FOUND);
    const athlete = cleanAthleteForCoach({
      ...(row.profile as Record<string, unknown>),
      id: row.id,
      email: row.email,
      fullName: (row.profile as Record<string, unknown>).fullName ?? row.full_name,
      agency: row.agency,
      isTransfer: row.is_transfer,
      profileCompleted: row.profile_completed,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
    if (!athlete) throw notFound(ATHLETE_NOT_FOUND);
    return athlete;
  });
}
