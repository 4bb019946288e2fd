import type { Services } from '@app/worker';
import { expect } from 'vitest';
import type { TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Data for the match lifecycle tests: athletes with a complete profile (as the profile route
 * would store it) and recruitment requests, written straight to the database.
 */

export interface AthleteFixture {
  fullName?: string;
  agency?: string;
  autoAccept?: boolean;
  completed?: boolean;
  gpa?: number;
  primaryPosition?: string;
  nationality?: string;
  createdAt?: Date;
}

export function completeProfile(fullName: string, email: string, fields: AthleteFixture = {}) {
  return {
    fullName,
    email,
    age: 19,
    phone: '+34 600 000 000',
    nationality: fields.nationality ?? 'Spain',
    gender: 'male',
    englishLevel: 'advanced',
    gradingScale: 'custom',
    gpa: fields.gpa ?? 3.8,
    intendedMajors: ['Business Administration'],
    targetStartTerms: ['Fall 2026', 'Spring 2027'],
    primaryPosition: fields.primaryPosition ?? 'Forward',
    leagueLevel: 'segunda-rfef',
    leagueLevelLabel: 'Segunda RFEF',
    goalsAssistsLastSeason: 14,
    highlightVideoUrl: 'https://www.youtube.com/watch?v=abc123',
    preferredUsRegions: ['Northeast', 'West Coast'],
    agency: fields.agency ?? 'Eture',
    schoolSizePreference: 'Any',
    isTransfer: false,
    autoAcceptMatches: fields.autoAccept ?? false,
  };
}

/** An athlete with a signed-in session and, unless `completed: false`, a complete profile. */
export async function createAthlete(services: Services, name: string, fields: AthleteFixture = {}) {
  const user = await createSignedInUser(services, 'athlete', { fullName: name });
  const completed = fields.completed ?? true;
  const profile = completed ? completeProfile(name, user.email, fields) : { fullName: name, email: user.email, agency: fields.agency ?? 'Eture' };
  await services.db
    .updateTable('athletes')
    .set({
      profile: JSON.stringify(profile),
      profile_completed: completed,
      agency: fields.agency ?? 'Eture',
      age: completed ? 19 : null,
      gender: completed ? 'male' : null,
      primary_position: completed ? (fields.primaryPosition ?? 'Forward') : null,
      auto_accept_matches: fields.autoAccept ?? false,
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
    })
    .where('id', '=', user.id)
    .execute();
  return user;
}

export async function createCoach(services: Services, firstName = 'Dana', lastName = 'Reyes', programName = 'Hudson State University') {
  const user = await createSignedInUser(services, 'coach', { firstName, lastName });
  await services.db
    .updateTable('coaches')
    .set({ profile: JSON.stringify({ programName, division: 'NCAA Division I', schoolSize: 'Medium 5-15k', programRegion: 'Northeast' }) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

export async function createRequest(services: Services, coachId: string, data: Record<string, unknown> = {}) {
  const row = await services.db
    .insertInto('coach_requests')
    .values({
      coach_id: coachId,
      data: JSON.stringify({
        positions: ['Forward'],
        teamCategories: ["Men's Team"],
        notes: 'Needs a striker who presses high.',
        targetStartTerms: ['Fall 2026'],
        ...data,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A listed pair's index row as the index jobs write it, with `score` (the sub-scores are fixed). */
export function listedScoreRow(requestId: string, athleteId: string, score: number) {
  return {
    request_id: requestId,
    athlete_id: athleteId,
    score,
    sub_position: 100,
    sub_academics: 80,
    sub_lyfs: 90,
    sub_region: 100,
    sub_budget: 100,
    sub_extras: 0,
    position_match: 'primary' as const,
    position_exact: true,
    athlete_updated_at: new Date(),
    athlete_version: '1',
    request_version: '1',
  };
}

/**
 * The cast of the browser tests of a match's life, each signed in: coach Dana Reyes of Hudson
 * State University, Lucía Martín of Eture and Eture's agent Elena Soto.
 */
export async function createMatchCast(services: Services) {
  const coach = await createCoach(services, 'Dana', 'Reyes', 'Hudson State University');
  const lucia = await createAthlete(services, 'Lucía Martín', { agency: 'Eture', gpa: 3.9 });
  const agent = await createSignedInUser(services, 'agent', { firstName: 'Elena', lastName: 'Soto', agency: 'Eture' });
  return { coach, lucia, agent };
}

/**
 * The coach's request for a pressing forward, created through its real route so the worker
 * indexes it from the outbox; resolves with its id once that is done (the athletes it should
 * rank must exist by then).
 */
export async function postForwardRequest(server: TestApp, coach: { cookie: string }): Promise<string> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/coach/requests',
    headers: { cookie: coach.cookie },
    payload: { positions: ['Forward'], teamCategories: ["Men's Team"], notes: 'Pressing striker wanted.' },
  });
  expect(created.statusCode).toBe(201);
  await server.services.outbox.drain();
  await server.services.queue.whenIdle();
  return created.json<{ _id: string }>()._id;
}
