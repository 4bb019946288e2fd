// @vitest-environment jsdom
import { emptyMatchFacets } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CoachAthlete } from '@app/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../../testing/fakeFetch.ts';
import { renderRoutes } from '../../testing/renderRoutes.tsx';
import { coachAthlete, coachRequest, page, ranked } from '../matches/matchFixtures.ts';
import { CoachDashboardPage } from '../CoachDashboardPage.tsx';
import { OngoingRequestsPage } from '../OngoingRequestsPage.tsx';
import { CoachAthletePage } from './CoachAthletePage.tsx';

const A = '11111111-1111-4111-8111-111111111111';
const request = coachRequest(A, 'Forward');
const id = (n: number) => ranked(n).athlete.id;
/** Player n's profile as a coach reads it. */
const athlete = (n: number): CoachAthlete => coachAthlete(id(n), `Player ${n}`);
/** The coach's saved notes, by athlete id. */
const NOTES: Record<string, string> = { [id(2)]: 'Two: strong in the air', [id(3)]: 'Three: call her agent' };

const AT = '2026-11-02T10:00:00.000Z';
/** The request's listed players; Player 3 accepted the coach's match. */
const PLAYERS = [ranked(1), ranked(2), ranked(3, { match: { id: 'm3', status: 'accepted', autoResolved: false, athleteAnswered: true, updatedAt: AT } })];
/** Players the coach declined in this test: hidden from the list's reads from then on. */
const declined = new Set<string>();
beforeEach(() => declined.clear());
const DECLINED_MATCH = { id: 'm-declined', status: 'declined', autoResolved: false, athleteAnswered: false, updatedAt: AT } as const;

/** The coach's dashboard: Players 1 and 3 wait for an answer (Player 1 for two requests), Player 2 accepted. */
const B = '22222222-2222-4222-8222-222222222222';
const dashboardMatch = (n: number, status: 'pending' | 'accepted', requestId: string) => ({
  id: `d${n}-${requestId}`,
  status,
  autoResolved: false,
  updatedAt: AT,
  requestId,
  requestPosition: 'Forward',
  athlete: { id: id(n), fullName: `Player ${n}`, primaryPosition: 'Forward', profilePhotoUrl: null },
});
const DASHBOARD = {
  coach: { coachFirstName: 'Dana', coachLastName: 'Reyes', programName: 'Northfield College', division: null, universityLogoUrl: null, profilePhotoUrl: null },
  matchSummary: {
    counts: { pending: 3, accepted: 1, declined: 0 },
    groups: {
      pending: [dashboardMatch(1, 'pending', A), dashboardMatch(1, 'pending', B), dashboardMatch(3, 'pending', A)],
      accepted: [dashboardMatch(2, 'accepted', A)],
      declined: [],
    },
  },
};

// The 'all' view comes in two pages: players 1 and 2, then 3.
const { calls } = fakeFetchPerTest(({ url, method, body }): FakeReply => {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/api/coach/matches/decline' && method === 'POST') {
    const { athleteId } = body as { athleteId: string };
    declined.add(athleteId);
    return { status: 201, body: { ...DECLINED_MATCH, requestId: A, athleteId, createdAt: AT, sharedAt: null } };
  }
  const standings = /^\/api\/coach\/athletes\/([^/]+)\/standings$/.exec(pathname);
  const standing = PLAYERS.find((m) => m.athlete.id === standings?.[1]);
  if (standing) {
    const match = declined.has(standing.athlete.id) ? DECLINED_MATCH : standing.match;
    return { status: 200, body: { standings: [{ requestId: A, requestName: "Forward (Women's Team)", score: standing.score, match }] } };
  }
  if (pathname === '/api/coach/requests') return { status: 200, body: [request] };
  if (pathname === '/api/coach/dashboard') return { status: 200, body: DASHBOARD };
  if (pathname === '/api/conversations/unread') return { status: 200, body: { threads: [{ matchId: 'm3', unread: 2 }] } };
  if (pathname === '/api/coach/notes') return { status: 200, body: { notes: [] } };
  if (pathname === '/api/coach/saved-views') return { status: 200, body: { views: [] } };
  if (pathname.endsWith('/matches/facets')) return { status: 200, body: emptyMatchFacets([]) };
  if (pathname === `/api/coach/requests/${A}/matches`) {
    const view = (searchParams.get('view') ?? 'top15') as 'top15' | 'all';
    if (view === 'top15') return { status: 200, body: page({ matches: PLAYERS.filter((m) => !declined.has(m.athlete.id)) }) };
    return searchParams.get('after') === 'c1'
      ? { status: 200, body: page({ view, matches: [ranked(3)], limit: 50, offset: 2 }) }
      : { status: 200, body: page({ view, matches: [ranked(1), ranked(2)], limit: 50, hasMore: true, nextCursor: 'c1' }) };
  }
  const note = /^\/api\/coach\/athletes\/([^/]+)\/note$/.exec(pathname);
  if (note) return { status: 200, body: { note: NOTES[note[1]] ? { body: NOTES[note[1]], updatedAt: '2026-11-02T10:00:00.000Z' } : null } };
  const profile = /^\/api\/coach\/athletes\/([^/]+)$/.exec(pathname);
  const n = [1, 2, 3].find((k) => profile?.[1] === id(k));
  if (n !== undefined) return { status: 200, body: athlete(n) };
  return { status: 404, body: { message: 'Athlete not found' } };
});

const listReads = () => calls.filter((c) => c.url.startsWith(`/api/coach/requests/${A}/matches?`));
const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/coach-requests', element: <OngoingRequestsPage /> },
      { path: '/coach/athletes/:athleteId', element: <CoachAthletePage /> },
    ],
    path,
  );
const stepper = () => screen.findByRole('navigation', { name: 'Players of this list' });

describe('an athlete profile opened from a ranked list', () => {
  it('steps to the previous and next players of the list as it was, without reading it again, replacing the address', async () => {
    const router = renderAt(`/coach-requests?request=${A}`);
    const profileLink = await screen.findByRole('link', { name: 'View full profile of Player 2' });
    const readsBefore = listReads().length;
    fireEvent.click(profileLink);
    const nav = await stepper();
    expect(router.state.location.pathname).toBe(`/coach/athletes/${id(2)}`);
    expect(within(nav).getByText('2 of 3')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Previous player: Player 1' })).toBeTruthy();

    fireEvent.click(within(nav).getByRole('link', { name: 'Next player: Player 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/coach/athletes/${id(3)}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(await stepper()).getByText('3 of 3')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Next player/ })).toBeNull();
    expect(listReads()).toHaveLength(readsBefore);
  });

  it('steps with the arrow keys too, but not while typing', async () => {
    const router = renderAt(`/coach-requests?request=${A}`);
    fireEvent.click(await screen.findByRole('link', { name: 'View full profile of Player 2' }));
    await stepper();
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(router.state.location.pathname).toBe(`/coach/athletes/${id(2)}`);
    fireEvent.keyDown(document.body, { key: 'ArrowRight', ctrlKey: true });
    expect(router.state.location.pathname).toBe(`/coach/athletes/${id(2)}`);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/coach/athletes/${id(3)}`));
    expect(within(await stepper()).getByText('3 of 3')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/coach/athletes/${id(2)}`));
    expect(router.state.historyAction).toBe('REPLACE');
    field.remove();
  });

  it("reads the list's next page when the profile is the last one read", async () => {
    renderAt(`/coach-requests?request=${A}&view=all`);
    fireEvent.click(await screen.findByRole('link', { name: 'View full profile of Player 2' }));
    const nav = await stepper();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Next player: Player 3' })).toBeTruthy());
    expect(within(nav).getByText('2 of 3')).toBeTruthy();
    expect(listReads().some((c) => c.url.includes('after=c1'))).toBe(true);
  });

  it("starts each athlete's profile afresh: stepping back to one already read shows their own note", async () => {
    renderAt(`/coach-requests?request=${A}`);
    fireEvent.click(await screen.findByRole('link', { name: 'View full profile of Player 2' }));
    const note = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your private note on this athlete' });
    expect((await note()).value).toBe('Two: strong in the air');
    fireEvent.click(within(await stepper()).getByRole('link', { name: 'Next player: Player 3' }));
    await screen.findByRole('heading', { level: 1, name: 'Player 3' });
    await waitFor(async () => expect((await note()).value).toBe('Three: call her agent'));
    // Player 2's profile and note are read already: nothing loads in between.
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await screen.findByRole('heading', { level: 1, name: 'Player 2' });
    expect((await note()).value).toBe('Two: strong in the air');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('decides on the profile: a Decline hides the player, the profile says so and the steps go on from where they stood', async () => {
    const router = renderAt(`/coach-requests?request=${A}`);
    fireEvent.click(await screen.findByRole('link', { name: 'View full profile of Player 2' }));
    const standing = (await screen.findByRole('heading', { name: 'Your requests' })).closest('section')!;
    expect((await within(standing).findByRole('link', { name: "Forward (Women's Team)" })).getAttribute('href')).toBe(`/coach-requests?request=${A}`);
    expect(within(standing).getByText('Not shared yet')).toBeTruthy();
    fireEvent.click(within(standing).getByRole('button', { name: 'Decline Player 2' }));
    await within(standing).findByText('Declined');
    expect(within(standing).getByRole<HTMLButtonElement>('button', { name: /Match declined/ }).disabled).toBe(true);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ athleteId: id(2), requestId: A });
    // The list was read again without Player 2; the steps are where Player 2 stood.
    await waitFor(() => expect(listReads().length).toBeGreaterThan(1));
    const nav = await stepper();
    expect(within(nav).getByText('2 of 3')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Next player: Player 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/coach/athletes/${id(3)}`));
    expect(within(await stepper()).getByText('2 of 2')).toBeTruthy();
    expect(within(await stepper()).getByRole('link', { name: 'Previous player: Player 1' })).toBeTruthy();
  });

  it('offers the conversation of a match the athlete accepted, and no move that would override the answer', async () => {
    renderAt(`/coach-requests?request=${A}`);
    fireEvent.click(await screen.findByRole('link', { name: 'View full profile of Player 3' }));
    const standing = (await screen.findByRole('heading', { name: 'Your requests' })).closest('section')!;
    expect(await within(standing).findByText('This athlete accepted this match')).toBeTruthy();
    expect(within(standing).queryByRole('button', { name: /Decline/ })).toBeNull();
    const thread = await within(standing).findByRole('link', { name: /^Messages\s*with Player 3/ });
    expect(thread.getAttribute('href')).toBe('/messages/m3');
    await within(thread).findByText('2 new');
  });

  it('opens a profile from the compare dialog in the list the players were ticked in', async () => {
    renderAt(`/coach-requests?request=${A}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Compare Player 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare Player 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compare (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare players' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'View full profile of Player 2' }));
    expect(within(await stepper()).getByText('2 of 3')).toBeTruthy();
    const standing = (await screen.findByRole('heading', { name: 'Your requests' })).closest('section')!;
    expect(await within(standing).findByText('Not shared yet')).toBeTruthy();
  });

  it("offers the player's standing and moves on a profile opened from anywhere, without steps", async () => {
    renderAt(`/coach/athletes/${id(1)}`);
    const standing = (await screen.findByRole('heading', { name: 'Your requests' })).closest('section')!;
    await within(standing).findByRole('link', { name: "Forward (Women's Team)" });
    expect(within(standing).getByRole('button', { name: 'Match Player 1' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Players of this list' })).toBeNull();
  });

  it('steps through the dashboard group a profile was opened from, the same player once per match', async () => {
    const router = renderRoutes(
      [
        { path: '/coach-dashboard', element: <CoachDashboardPage /> },
        { path: '/coach/athletes/:athleteId', element: <CoachAthletePage /> },
      ],
      '/coach-dashboard',
    );
    const pending = (await screen.findByRole('heading', { name: /^Pending player response/ })).closest('section')!;
    fireEvent.click(within(pending).getAllByRole('link', { name: /Player 1/ })[0]);
    const nav = await stepper();
    expect(within(nav).getByText('1 of 3')).toBeTruthy();
    // Player 1 again, for the other request: the same profile, the next step.
    fireEvent.click(within(nav).getByRole('link', { name: 'Next player: Player 1' }));
    expect(within(await stepper()).getByText('2 of 3')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/coach/athletes/${id(1)}`);
    fireEvent.click(within(await stepper()).getByRole('link', { name: 'Next player: Player 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/coach/athletes/${id(3)}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(await stepper()).getByText('3 of 3')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Next player/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous player: Player 1' })).toBeTruthy();
  });

  it('shows no steps for a profile opened from anywhere else', async () => {
    renderAt(`/coach/athletes/${id(4)}`);
    await screen.findAllByText('Athlete not found');
    expect(screen.queryByRole('navigation', { name: 'Players of this list' })).toBeNull();
  });
});
