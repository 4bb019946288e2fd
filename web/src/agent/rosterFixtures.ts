import type { RosterPage } from '@app/domain';
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
