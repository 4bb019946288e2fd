// The authorization matrix's rows (decision A6): every API route with who may call it. Used by
// tests/security/authorization-matrix.test.ts and by tests/integration/openapi.test.ts (every
// row must be in the OpenAPI description).
import type { Role } from '@app/worker';
import { saveView } from '@app/worker/store';
import { completeProfile, createAthlete, createCoach, createRequest } from '../integration/matches-fixtures.ts';
import type { TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Every API route against every caller: nobody, an athlete, a coach, an agent, and — for routes
 * on an object — the owner against another user of the same role (decision A6: 401 without a
 * session, 403 for the wrong role, 404 for objects of others). A route without a row here fails.
 */
export type Access = 'public' | 'session' | 'insights' | Role;
export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;
export interface Row {
  access: Access;
  /** Path to call for the owner (`mine`) and for another user of the same role (`theirs`). */
  owned?: (f: Fixtures) => { mine: string; theirs: string };
  /** A body that passes validation, so the status speaks of access alone. */
  body?: (f: Fixtures) => unknown;
  /** Concrete path for routes with parameters that are not owned (e.g. any completed athlete). */
  path?: (f: Fixtures) => string;
}

/** A route on a match: the caller's matchA against another user's matchB, at `${prefix}/<id>${suffix}`. */
const matchPaths =
  (prefix: string, suffix = '') =>
  (f: Fixtures) => ({ mine: `${prefix}/${f.matchA}${suffix}`, theirs: `${prefix}/${f.matchB}${suffix}` });

/** A route on a request: the coach's requestA against another coach's requestB, at `/api/coach/requests/<id>${suffix}`. */
const requestPaths =
  (suffix = '') =>
  (f: Fixtures) => ({ mine: `/api/coach/requests/${f.requestA}${suffix}`, theirs: `/api/coach/requests/${f.requestB}${suffix}` });

export const MATRIX: Record<string, Row> = {
  'GET /api/health': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  'POST /api/contact': { access: 'public', body: () => ({ name: 'A', email: 'a@example.com', subject: 'Other', message: 'hi' }) },
  'GET /api/validate-token': { access: 'session' },
  'GET /api/session': { access: 'public' },
  'PUT /api/account/language': { access: 'session', body: () => ({ language: 'es' }) },
  'PUT /api/account/password': {
    access: 'session',
    body: () => ({ currentPassword: 'not-the-password', password: 'new-pass-1', confirmPassword: 'new-pass-1' }),
  },
  'POST /api/account/email/code': { access: 'session', body: () => ({ email: 'new.address@example.com', currentPassword: 'not-the-password' }) },
  'PUT /api/account/email': {
    access: 'session',
    body: () => ({ email: 'new.address@example.com', currentPassword: 'not-the-password', verificationCode: '123456' }),
  },
  'GET /api/account/export': { access: 'session' },
  'DELETE /api/account': { access: 'session', body: () => ({ currentPassword: 'not-the-password' }) },
  'POST /api/account/sessions/end-others': { access: 'session' },
  'POST /api/logout': { access: 'public' },
  'GET /api/media/:id': { access: 'public' },
  'GET /api/media/:id/thumb': { access: 'public' },
  'POST /api/athlete/send-verification-code': { access: 'public' },
  'POST /api/coach/send-verification-code': { access: 'public' },
  'POST /api/athlete/register': { access: 'public' },
  'POST /api/coach/register': { access: 'public' },
  'POST /api/agent/register': { access: 'public' },
  'POST /api/athlete/login': { access: 'public' },
  'POST /api/coach/login': { access: 'public' },
  'POST /api/agent/login': { access: 'public' },
  'GET /api/agent/register/options': { access: 'public' },
  'POST /api/agent/send-verification-code': { access: 'public' },
  'POST /api/athlete/password-reset/code': { access: 'public' },
  'POST /api/coach/password-reset/code': { access: 'public' },
  'POST /api/agent/password-reset/code': { access: 'public' },
  'POST /api/athlete/password-reset': { access: 'public' },
  'POST /api/coach/password-reset': { access: 'public' },
  'POST /api/agent/password-reset': { access: 'public' },
  'POST /api/support-insights/stats': { access: 'insights', body: () => ({ username: 'staff', password: 'not-the-password' }) },
  'POST /api/support-insights/athletes': { access: 'insights', body: () => ({ username: 'staff', password: 'not-the-password' }) },
  'POST /api/support-insights/requests': { access: 'insights', body: () => ({ username: 'staff', password: 'not-the-password' }) },

  'GET /api/athlete/dashboard': { access: 'athlete' },
  'PUT /api/athlete/profile': {
    access: 'athlete',
    // The owner's complete profile again, so later rows still see a completed Eture athlete.
    body: (f) => {
      const { email: _email, ...profile } = completeProfile('Alba Owner', f.athleteA.email, { agency: 'Eture' });
      return profile;
    },
  },
  'POST /api/athlete/budget-prompt/dismiss': { access: 'athlete' },
  'GET /api/athlete/matches': { access: 'athlete' },
  'PATCH /api/athlete/matches/:id': {
    access: 'athlete',
    owned: matchPaths('/api/athlete/matches'),
    body: () => ({ status: 'accepted' }),
  },

  'GET /api/coach/dashboard': { access: 'coach' },
  'GET /api/coach/profile': { access: 'coach' },
  'PUT /api/coach/profile': {
    access: 'coach',
    body: () => ({ coachFirstName: 'Dana', coachLastName: 'Reyes', jobTitle: 'Head Coach', phoneNumber: '+1 212 555 0101', preferredContactMethod: 'Email' }),
  },
  'POST /api/coach/requests': { access: 'coach', body: () => ({ positions: ['Forward'] }) },
  'GET /api/coach/requests': { access: 'coach' },
  'DELETE /api/coach/requests/:id': {
    access: 'coach',
    owned: (f) => ({ mine: `/api/coach/requests/${f.spareRequestA}`, theirs: `/api/coach/requests/${f.requestB}` }),
  },
  'PATCH /api/coach/requests/:id': {
    access: 'coach',
    owned: requestPaths(),
    body: () => ({ notes: 'Edited in the authorization matrix' }),
  },
  'GET /api/coach/requests/:id/matches': {
    access: 'coach',
    owned: requestPaths('/matches?view=top15'),
  },
  'GET /api/coach/requests/:id/hidden': {
    access: 'coach',
    owned: requestPaths('/hidden'),
  },
  'GET /api/coach/requests/:id/matches/facets': {
    access: 'coach',
    owned: requestPaths('/matches/facets'),
  },
  'GET /api/coach/requests/:id/matches/export.csv': {
    access: 'coach',
    owned: requestPaths('/matches/export.csv?view=all'),
  },
  'GET /api/coach/requests/:id/athlete-search': {
    access: 'coach',
    owned: requestPaths('/athlete-search?q=alba'),
  },
  'GET /api/coach/requests/:id/explain/:athleteId': {
    access: 'coach',
    owned: (f) => ({
      mine: `/api/coach/requests/${f.requestA}/explain/${f.athleteA.id}`,
      theirs: `/api/coach/requests/${f.requestB}/explain/${f.athleteA.id}`,
    }),
  },
  'GET /api/coach/athletes/:id': { access: 'coach', path: (f) => `/api/coach/athletes/${f.athleteA.id}` },
  'GET /api/coach/athletes/:id/standings': { access: 'coach', path: (f) => `/api/coach/athletes/${f.athleteA.id}/standings` },
  'GET /api/coach/notes': { access: 'coach' },
  'GET /api/coach/athletes/:id/note': { access: 'coach', path: (f) => `/api/coach/athletes/${f.athleteA.id}/note` },
  'PUT /api/coach/athletes/:id/note': { access: 'coach', path: (f) => `/api/coach/athletes/${f.athleteA.id}/note`, body: () => ({ body: 'A private note' }) },
  'POST /api/coach/matches': {
    access: 'coach',
    owned: () => ({ mine: '/api/coach/matches', theirs: '/api/coach/matches' }),
    body: (f) => ({ athleteId: f.athleteC.id, requestId: f.requestA }),
  },
  'POST /api/coach/matches/decline': { access: 'coach', body: (f) => ({ athleteId: f.athleteC.id, requestId: f.requestA }) },
  'GET /api/coach/matches': { access: 'coach' },
  'PATCH /api/coach/matches/:id': {
    access: 'coach',
    owned: matchPaths('/api/coach/matches'),
    body: () => ({ status: 'declined' }),
  },

  'GET /api/agent/dashboard': { access: 'agent' },
  'GET /api/agent/matches': { access: 'agent' },
  'GET /api/agent/players': { access: 'agent' },
  'GET /api/agent/players/export.csv': { access: 'agent' },
  'GET /api/coach/saved-views': { access: 'coach' },
  'POST /api/coach/saved-views': { access: 'coach', body: () => ({ name: 'Keepers', query: 'position=Goalkeeper' }) },
  'PATCH /api/coach/saved-views/:id': {
    access: 'coach',
    owned: (f) => ({ mine: `/api/coach/saved-views/${f.views.coachA}`, theirs: `/api/coach/saved-views/${f.views.coachB}` }),
    body: () => ({ name: 'Renamed' }),
  },
  'DELETE /api/coach/saved-views/:id': {
    access: 'coach',
    owned: (f) => ({ mine: `/api/coach/saved-views/${f.views.coachA}`, theirs: `/api/coach/saved-views/${f.views.coachB}` }),
  },
  'GET /api/agent/saved-views': { access: 'agent' },
  'POST /api/agent/saved-views': { access: 'agent', body: () => ({ name: 'Keepers', query: 'position=Goalkeeper' }) },
  'PATCH /api/agent/saved-views/:id': {
    access: 'agent',
    owned: (f) => ({ mine: `/api/agent/saved-views/${f.views.agentA}`, theirs: `/api/agent/saved-views/${f.views.agentB}` }),
    body: () => ({ name: 'Renamed' }),
  },
  'DELETE /api/agent/saved-views/:id': {
    access: 'agent',
    owned: (f) => ({ mine: `/api/agent/saved-views/${f.views.agentA}`, theirs: `/api/agent/saved-views/${f.views.agentB}` }),
  },
  // An athlete of the agent's own agency (Eture's athleteA) against another agency's (Mae's athleteB).
  'GET /api/agent/athletes/:id': {
    access: 'agent',
    owned: (f) => ({ mine: `/api/agent/athletes/${f.athleteA.id}`, theirs: `/api/agent/athletes/${f.athleteB.id}` }),
  },
  'GET /api/agent/notes': { access: 'agent' },
  'GET /api/agent/athletes/:id/note': { access: 'agent', path: (f) => `/api/agent/athletes/${f.athleteA.id}/note` },
  'PUT /api/agent/athletes/:id/note': { access: 'agent', path: (f) => `/api/agent/athletes/${f.athleteA.id}/note`, body: () => ({ body: 'A private note' }) },

  // Notifications and conversations (issue 17): any signed-in role, each on their own data.
  'GET /api/notifications': { access: 'session' },
  'POST /api/notifications/read': { access: 'session', body: () => ({ all: true }) },
  'GET /api/notification-settings': { access: 'session' },
  'PUT /api/notification-settings': { access: 'session', body: () => ({ email: { message: true } }) },
  'GET /api/notifications/unsubscribe': { access: 'public' },
  'POST /api/notifications/unsubscribe': { access: 'public' },
  'GET /api/events': { access: 'session' },
  // Each user's own threads only (tests/integration/conversations.test.ts: outsiders' lists are empty).
  'GET /api/conversations': { access: 'session' },
  // Counts of the user's own unread message notifications only (tests/integration/notifications.test.ts).
  'GET /api/conversations/unread': { access: 'session' },
  // A thread's participants are the match's coach, athlete and agent: matchA's for each owner, matchB's for nobody of them.
  'GET /api/matches/:id/messages': {
    access: 'session',
    owned: matchPaths('/api/matches', '/messages'),
  },
  'POST /api/matches/:id/messages': {
    access: 'session',
    owned: matchPaths('/api/matches', '/messages'),
    body: () => ({ body: 'Hello' }),
  },
};

export async function createFixtures(t: TestApp) {
  const s = t.services;
  const athleteA = await createAthlete(s, 'Alba Owner', { agency: 'Eture' });
  const athleteB = await createAthlete(s, 'Bruno Other', { agency: 'Mae' });
  const athleteC = await createAthlete(s, 'Carla Third', { agency: 'Eture' });
  const coachA = await createCoach(s, 'Ana', 'Owner');
  const coachB = await createCoach(s, 'Ben', 'Other');
  const agentA = await createSignedInUser(s, 'agent', { agency: 'Eture' });
  const agentB = await createSignedInUser(s, 'agent', { agency: 'Mae' });
  const requestA = await createRequest(s, coachA.id);
  const spareRequestA = await createRequest(s, coachA.id);
  const requestB = await createRequest(s, coachB.id);
  const match = async (requestId: string, athleteId: string, coachId: string) =>
    (
      await s.db
        .insertInto('matches')
        .values({ request_id: requestId, athlete_id: athleteId, coach_id: coachId, status: 'pending', status_by: 'coach', shared_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const matchA = await match(requestA, athleteA.id, coachA.id);
  const matchB = await match(requestB, athleteB.id, coachB.id);
  const view = async (ownerId: string) => {
    const saved = await saveView(s.db, ownerId, { name: 'By score', query: 'sort=score' });
    if (!saved.ok) throw new Error('fixture: saved view refused');
    return saved.value.view.id;
  };
  const views = { coachA: await view(coachA.id), coachB: await view(coachB.id), agentA: await view(agentA.id), agentB: await view(agentB.id) };
  const image = await s.db
    .insertInto('images')
    .values({ mime: 'image/png', bytes: Buffer.from('89504e470d0a1a0a', 'hex'), size: 8, owner_id: athleteA.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    athleteA,
    athleteB,
    athleteC,
    coachA,
    coachB,
    agentA,
    agentB,
    requestA,
    spareRequestA,
    requestB,
    matchA,
    matchB,
    views,
    imageId: image.id,
    owner: { athlete: athleteA, coach: coachA, agent: agentA } as Record<Role, { id: string; cookie: string }>,
    other: { athlete: athleteB, coach: coachB, agent: agentB } as Record<Role, { cookie: string }>,
  };
}
