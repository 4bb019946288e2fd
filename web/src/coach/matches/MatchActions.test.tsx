// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../../testing/fakeFetch.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { HiddenList } from './HiddenList.tsx';
import { MatchActions } from './MatchActions.tsx';
import { ScoreValue } from './MatchCard.tsx';

const REQUEST = '11111111-1111-4111-8111-111111111111';
const ATHLETE = '22222222-2222-4222-8222-222222222222';
const MATCH = '33333333-3333-4333-8333-333333333333';

const { replies, calls } = fakeFetchPerTest();

const match = (status: string) => ({ id: MATCH, status, autoResolved: false, updatedAt: '2026-01-01T00:00:00.000Z', requestId: REQUEST, athleteId: ATHLETE });

function setup(ui: ReactNode, path = '/coach-requests') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  // Lists a page holds: the request's view (under any key naming the request), the dashboard,
  // and unrelated coach data.
  for (const key of [
    ['coach', 'request-matches', REQUEST, 'top15'],
    ['coach', 'dashboard'],
    ['coach', 'requests'],
  ])
    queryClient.setQueryData(key, {});
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}

describe('MatchActions', () => {
  it('⚡️ without a match shares the player and says so', async () => {
    const { queryClient } = setup(<MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="Lucía Martín" match={null} />);
    replies.push({ status: 201, body: match('pending') });
    fireEvent.click(screen.getByRole('button', { name: 'Match Lucía Martín' }));
    await screen.findByText('Match shared with athlete');
    expect(calls[0]).toEqual({ url: '/api/coach/matches', method: 'POST', body: { athleteId: ATHLETE, requestId: REQUEST } });
    // The request's lists and the dashboard are stale now; unrelated coach data is not.
    expect(queryClient.getQueryState(['coach', 'request-matches', REQUEST, 'top15'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['coach', 'dashboard'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['coach', 'requests'])?.isInvalidated).toBe(false);
  });

  it('says "Match confirmed" when the share comes back accepted (auto-accept)', async () => {
    setup(<MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="Iker Sanz" match={null} />);
    replies.push({ status: 201, body: { ...match('accepted'), autoResolved: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Match Iker Sanz' }));
    await screen.findByText('Match confirmed');
  });

  it('⚡️ on a pending match confirms it with a PATCH of the status only', async () => {
    setup(<MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="Nora Gil" match={{ id: MATCH, status: 'pending' }} />);
    replies.push({ status: 200, body: match('accepted') });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm match with Nora Gil' }));
    await screen.findByText('Match confirmed');
    expect(calls[0]).toEqual({ url: `/api/coach/matches/${MATCH}`, method: 'PATCH', body: { status: 'accepted' } });
  });

  it('disables ⚡️ once matched and 💣 once declined', () => {
    setup(
      <>
        <MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="A" match={{ id: MATCH, status: 'accepted' }} />
        <MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="B" match={{ id: MATCH, status: 'declined' }} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Already matched' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Decline A' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Match declined' })).toHaveProperty('disabled', true);
  });

  it('💣 without a match hides the player in one call; with a match it PATCHes declined', async () => {
    setup(
      <>
        <MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="New One" match={null} />
        <MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="Shared One" match={{ id: MATCH, status: 'pending' }} />
      </>,
    );
    replies.push({ status: 201, body: match('declined') });
    fireEvent.click(screen.getByRole('button', { name: 'Decline New One' }));
    await screen.findByText('Player hidden from this request');
    expect(calls[0]).toEqual({ url: '/api/coach/matches/decline', method: 'POST', body: { athleteId: ATHLETE, requestId: REQUEST } });

    replies.push({ status: 200, body: match('declined') });
    fireEvent.click(screen.getByRole('button', { name: 'Decline Shared One' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ url: `/api/coach/matches/${MATCH}`, method: 'PATCH', body: { status: 'declined' } });
  });

  it('shows the server message, or the spec fallbacks, in an error toast', async () => {
    setup(
      <>
        <MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="First" match={null} />
        <MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="Second" match={{ id: MATCH, status: 'pending' }} />
      </>,
    );
    replies.push({ status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Match First' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Heads up');
    expect(alert.textContent).toContain('Unable to create match');

    replies.push({ status: 502 });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm match with Second' }));
    await screen.findByText('Unable to update match');

    replies.push({ status: 409, body: { message: 'This player is already matched for this request.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm match with Second' }));
    await screen.findByText('This player is already matched for this request.');
  });
});

describe('HiddenList', () => {
  const hidden = [
    { athlete: { id: ATHLETE, name: 'Nora Gil', photoUrl: null, nationality: 'Spain', league: 'Segunda RFEF' }, score: 81.5, match: { id: MATCH } },
    { athlete: { id: 'x', name: 'Old Entry', photoUrl: null }, score: null, match: { id: 'm2' } },
  ];
  const HIDDEN_URL = `/api/coach/requests/${REQUEST}/hidden`;

  it('is collapsed under "Hidden (N)", reads the players only once opened', async () => {
    setup(<HiddenList requestId={REQUEST} count={2} />);
    const toggle = screen.getByRole('button', { name: /Hidden \(2\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: /Restore to pool/ })).toBeNull();
    expect(calls).toEqual([]);
    replies.push({ status: 200, body: { hidden } });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Loading the hidden players…');
    expect(await screen.findAllByRole('button', { name: /Restore to pool/ })).toHaveLength(2);
    expect(calls).toEqual([{ url: HIDDEN_URL, method: 'GET', body: undefined }]);
    expect(screen.getByText('Spain · Segunda RFEF · 81.5%')).toBeTruthy();
    expect(screen.getByText('No longer above 70%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nora Gil' }).getAttribute('href')).toBe(`/coach/athletes/${ATHLETE}`);
  });

  it('says when the players could not be read, and reads them again on "Try again"', async () => {
    setup(<HiddenList requestId={REQUEST} count={2} />);
    replies.push({ status: 500 });
    fireEvent.click(screen.getByRole('button', { name: /Hidden \(2\)/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to fetch the hidden players');
    replies.push({ status: 200, body: { hidden } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('button', { name: /Restore to pool/ })).toHaveLength(2);
    expect(calls.map((c) => c.url)).toEqual([HIDDEN_URL, HIDDEN_URL]);
  });

  it('restores a player to the pool (declined -> pending), and the list is read again', async () => {
    const { queryClient } = setup(<HiddenList requestId={REQUEST} count={2} />);
    replies.push({ status: 200, body: { hidden } });
    fireEvent.click(screen.getByRole('button', { name: /Hidden \(2\)/ }));
    replies.push({ status: 200, body: match('pending') }, { status: 200, body: { hidden: hidden.slice(1) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Restore to pool: Nora Gil' }));
    await screen.findByText('Player restored to your pool');
    expect(calls[1]).toEqual({ url: `/api/coach/matches/${MATCH}`, method: 'PATCH', body: { status: 'pending' } });
    expect(queryClient.getQueryState(['coach', 'request-matches', REQUEST, 'top15'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Nora Gil' })).toBeNull());
    expect(calls[2].url).toBe(HIDDEN_URL);
  });

  it('offers no restore for a player who declined the match themselves (M6)', async () => {
    setup(<HiddenList requestId={REQUEST} count={1} />);
    replies.push({
      status: 200,
      body: { hidden: [{ athlete: { id: ATHLETE, name: 'Nora Gil', photoUrl: null }, score: 80, match: { id: MATCH, athleteAnswered: true } }] },
    });
    fireEvent.click(screen.getByRole('button', { name: /Hidden \(1\)/ }));
    await screen.findByText('This athlete declined this match');
    expect(screen.queryByRole('button', { name: /Restore to pool/ })).toBeNull();
  });

  it('opens at the player a notification named (an athlete’s decline), marked and focused', async () => {
    replies.push({ status: 200, body: { hidden } });
    setup(<HiddenList requestId={REQUEST} count={2} />, `/coach-requests?request=${REQUEST}&match=m2`);
    expect(screen.getByRole('button', { name: /Hidden \(2\)/ }).getAttribute('aria-expanded')).toBe('true');
    const row = (await screen.findByRole('link', { name: 'Old Entry' })).closest('.hidden-row')!;
    expect(row.className).toContain('is-linked');
    expect(document.activeElement).toBe(row);
    expect(screen.getByRole('link', { name: 'Nora Gil' }).closest('.hidden-row')!.className).not.toContain('is-linked');
  });

  it('renders nothing and reads nothing when no player is hidden', () => {
    setup(<HiddenList requestId={REQUEST} count={0} />, `/coach-requests?request=${REQUEST}&match=m2`);
    expect(screen.queryByText(/Hidden/)).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('athlete answers and shown scores', () => {
  it.each([
    ['accepted', 'This athlete accepted this match'],
    ['declined', 'This athlete declined this match'],
  ] as const)('says the athlete %s and offers the coach no move (M6)', (status, text) => {
    setup(<MatchActions requestId={REQUEST} athleteId={ATHLETE} athleteName="Nora Gil" match={{ id: MATCH, status, athleteAnswered: true }} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows at most 100%, the raw score in the tooltip and in words (S14)', () => {
    render(<ScoreValue score={103.4} />);
    const value = screen.getByTitle('Raw score 103.4%');
    expect(value.textContent).toBe('100% (raw score 103.4%)');
    cleanup();
    render(<ScoreValue score={86.5} />);
    expect(screen.getByText('86.5%').getAttribute('title')).toBeNull();
  });
});
