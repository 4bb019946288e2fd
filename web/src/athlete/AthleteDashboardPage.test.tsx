// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { AthleteDashboardPage } from './AthleteDashboardPage.tsx';

const PROFILE = {
  id: 'a1',
  email: 'ana@example.com',
  fullName: 'Ana Torres',
  intendedMajors: [],
  targetStartTerms: [],
  preferredUsRegions: [],
  agency: 'Eture',
  profilePhotoUrl: null,
  profileCompleted: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** The dashboard's profile, and the athlete's matches as their statuses (the card counts nothing else). */
let profile = PROFILE;
let matches: FakeReply = { status: 200, body: { matches: [] } };
const { calls } = fakeFetchPerTest(({ url }) => {
  if (url === '/api/athlete/dashboard') return { status: 200, body: profile };
  if (url === '/api/athlete/matches') return matches;
  return { status: 404, body: { message: 'Not found' } };
});
const statuses = (...list: string[]) => ({
  status: 200,
  body: { matches: list.map((status, i) => ({ id: `m${i}`, status, coach: { lastName: 'Reyes', programName: i === 0 ? 'Northfield College' : null } })) },
});
const matchesCard = async () => (await screen.findByRole('heading', { level: 3, name: 'View matches' })).closest('li')!;

describe('athlete dashboard: how the matches stand', () => {
  it('puts the matches waiting for an answer first', async () => {
    profile = PROFILE;
    matches = statuses('pending', 'accepted', 'pending', 'declined');
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    expect(await within(await matchesCard()).findByText('2 matches waiting for your answer')).toBeTruthy();
  });

  it('else counts the programs matched', async () => {
    profile = PROFILE;
    matches = statuses('accepted', 'declined');
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    expect(await within(await matchesCard()).findByText('1 program matched')).toBeTruthy();
  });

  it('else says there are none yet', async () => {
    profile = PROFILE;
    matches = statuses('declined');
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    expect(await within(await matchesCard()).findByText('No matches yet. Coaches share one when your profile fits their request.')).toBeTruthy();
  });

  it('shows nothing when the matches cannot be read: the link still leads to them', async () => {
    matches = { status: 500, body: { message: 'Unable to fetch matches' } };
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    const card = await matchesCard();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/athlete/matches'));
    // The failed read has been answered and rendered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(card.querySelector('.matches-summary')).toBeNull();
    expect(within(card).getByRole('link', { name: 'View matches' })).toBeTruthy();
  });

  it('says first on the page that a program waits for an answer, and opens that match', async () => {
    profile = PROFILE;
    matches = statuses('pending', 'accepted');
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    const callout = await screen.findByRole('region', { name: 'Northfield College is interested in you' });
    expect(within(callout).getByRole('link', { name: 'Answer now' }).getAttribute('href')).toBe('/athlete-matches?match=m0');
    // Before the tips and the cards.
    expect(callout.compareDocumentPosition(await matchesCard()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('counts the programs waiting when there are several, and opens the matches page', async () => {
    profile = PROFILE;
    matches = statuses('accepted', 'pending', 'pending');
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    const callout = await screen.findByRole('region', { name: '2 programs are interested in you' });
    expect(within(callout).getByRole('link', { name: 'Answer now' }).getAttribute('href')).toBe('/athlete-matches');
  });

  it('says nothing first when no match waits for an answer', async () => {
    profile = PROFILE;
    matches = statuses('accepted', 'declined');
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    await within(await matchesCard()).findByText('1 program matched');
    expect(screen.queryByRole('link', { name: 'Answer now' })).toBeNull();
  });

  it('does not ask for the matches while the profile is incomplete', async () => {
    profile = { ...PROFILE, profileCompleted: false };
    renderRoutes([{ path: '/athlete-dashboard', element: <AthleteDashboardPage /> }], '/athlete-dashboard');
    expect(await screen.findByText('Complete your profile to unlock your matches.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/athlete/dashboard']);
  });
});
