import type { AgentAthlete, AgentMatch, RosterPage } from '@app/domain';
import type { FakeReply, FetchCall } from '../testing/fakeFetch.ts';

/** A roster page's player for the page tests: a complete left back with no score, matches or news. */
export const rosterPlayer = (id: string, fullName: string): RosterPage['players'][number] => ({
  id,
  fullName,
  profilePhotoUrl: null,
  age: 19,
  nationality: 'Spain',
  leagueLevelLabel: 'Segunda RFEF',
  primaryPosition: 'Left Back',
  gpa: 3.4,
  targetStartTerms: ['Fall 2026'],
  preferredUsRegions: [],
  highlightVideoUrl: null,
  profileCompleted: true,
  updatedAt: '2026-03-04T10:00:00.000Z',
  bestScore: null,
  matchCounts: { accepted: 0, pending: 0, declined: 0 },
  news: { newShares: 0, answered: 0 },
});

/**
 * The roster page's reads beside the roster (the agent's notes, their saved views), answered as
 * empty; undefined for any other call. Page tests that queue the roster's replies answer these
 * first, since the page sends them at the same time.
 */
export function rosterSideRead(call: FetchCall): FakeReply | undefined {
  if (call.url === '/api/agent/notes') return { status: 200, body: { notes: [] } };
  if (call.url === '/api/agent/saved-views') return { status: 200, body: { views: [] } };
  return undefined;
}

/** A player's page (GET /agent/athletes/{id}) for the page tests: Lucía Martín, a complete left back, and no matches. */
export const agentAthlete = (player: Partial<AgentAthlete['player']> = {}, matches: AgentMatch[] = []): AgentAthlete => ({
  player: {
    id: 'p1',
    email: 'lucia@example.com',
    phone: '+34 600 12 34 56',
    fullName: 'Lucía Martín',
    age: 19,
    nationality: 'Spain',
    gender: 'female',
    englishLevel: 'advanced',
    gradingScale: 'ten-point',
    academicStanding: 8.2,
    gpa: 3.45,
    satScore: 1280,
    primaryPosition: 'Left Back',
    secondaryPosition: 'Winger',
    leagueLevelLabel: 'Segunda RFEF',
    heightCm: 168,
    weightKg: 60,
    goalsAssistsLastSeason: 7,
    highlightVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    estimatedBudget: 15000,
    intendedMajors: ['Business Administration'],
    targetStartTerms: ['Spring 2027', 'Fall 2026'],
    preferredUsRegions: ['West Coast'],
    playerExtras: [],
    externalLinks: [{ platform: 'Instagram', url: 'https://instagram.com/lucia' }],
    agency: 'Eture',
    schoolSizePreference: 'Any',
    isTransfer: false,
    autoAcceptMatches: false,
    profilePhotoUrl: null,
    profileCompleted: true,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...player,
  },
  matches,
});

/** A match shared with Lucía Martín (p1) by Hudson State University, shared on 4 March 2026. */
export const agentMatch = (id: string, status: AgentMatch['status'], coach: Partial<AgentMatch['coach']> = {}): AgentMatch => ({
  id,
  status,
  autoResolved: false,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  requestId: 'r1',
  athleteId: 'p1',
  athlete: { id: 'p1', fullName: 'Lucía Martín', primaryPosition: 'Left Back', nationality: 'Spain', gpa: 3.45, profilePhotoUrl: null },
  coach: {
    firstName: 'Dana',
    lastName: 'Reyes',
    programName: 'Hudson State University',
    division: 'NCAA Division I',
    schoolSize: null,
    email: status === 'accepted' ? 'dana@hudson.edu' : null,
    ...coach,
  },
  coachRequest: { positions: ['Winger'], teamCategories: ["Women's Team"], notes: '' },
  events: [{ fromStatus: null, toStatus: 'pending', actorRole: 'coach', actorName: 'Dana Reyes', at: '2026-03-04T10:00:00.000Z' }],
});
