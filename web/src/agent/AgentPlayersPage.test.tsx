// @vitest-environment jsdom
import type { RosterPage } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import AgentPlayersPage from './AgentPlayersPage.tsx';
import { rosterPlayer, rosterSideRead } from './rosterFixtures.ts';

// The roster's side reads by address, everything else from the queued replies, in turn.
const fetchFake = fakeFetchPerTest((call) => rosterSideRead(call) ?? fetchFake.replies.shift() ?? { status: 200, body: {} });

const player = (i: number) => rosterPlayer(`p${i}`, `Ana Player ${i}`);

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AgentPlayersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('agent roster page: a capped count', () => {
  it('says "1,000+ found" and keeps Next enabled while pages come back full', async () => {
    const full: RosterPage = { total: 1000, totalCapped: true, page: 40, pageSize: 25, players: Array.from({ length: 25 }, (_, i) => player(i)) };
    fetchFake.replies.push({ status: 200, body: full });
    renderAt('/agent/players?q=an&page=40');
    expect(await screen.findByText('1,000+ players found · page 40 of 40+')).toBeTruthy();
    expect(screen.getByText('Page 40 of 40+')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(false);

    // The last page comes back short: nothing follows.
    fetchFake.replies.push({ status: 200, body: { ...full, page: 41, players: [player(99)] } });
    fireEvent.click(next);
    expect(await screen.findByText('1,000+ players found · page 41 of 40+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('counts an exact total as before', async () => {
    fetchFake.replies.push({ status: 200, body: { total: 30, page: 2, pageSize: 25, players: [player(1)] } satisfies RosterPage });
    renderAt('/agent/players?q=an&page=2');
    expect(await screen.findByText('30 players found · page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('links the download to the whole view: the search, filters and sort, not the page', async () => {
    fetchFake.replies.push({ status: 200, body: { total: 30, page: 2, pageSize: 25, players: [player(1)] } satisfies RosterPage });
    renderAt('/agent/players?q=an&position=Left+Back&sort=name&page=2');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/agent/players/export.csv?q=an&position=Left+Back&sort=name&lang=en');
  });

  it('offers no download for an empty view', async () => {
    fetchFake.replies.push({ status: 200, body: { total: 0, page: 1, pageSize: 25, players: [] } satisfies RosterPage });
    renderAt('/agent/players?q=zz');
    expect(await screen.findByText('No players match this search.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});

describe('agent roster page: the compact line a phone shows', () => {
  it('holds position, league, GPA, the best score when there is one, and the matches', async () => {
    const scored = { ...player(1), bestScore: 104.5, matchCounts: { accepted: 1, pending: 0, declined: 0 } };
    fetchFake.replies.push({ status: 200, body: { total: 2, page: 1, pageSize: 25, players: [scored, player(2)] } satisfies RosterPage });
    renderAt('/agent/players?sort=score');
    await screen.findByText('Ana Player 1');
    const lines = [...document.querySelectorAll('.roster-compact')].map((p) => p.textContent);
    expect(lines[0]).toMatch(/^Left Back · Segunda RFEF · GPA 3\.4 · Best score 100% · /);
    expect(lines[1]).toMatch(/^Left Back · Segunda RFEF · GPA 3\.4 · [^B]/);
  });
});

describe('agent roster page: an address it cannot take in full', () => {
  const rosterCalls = () => fetchFake.calls.filter((call) => call.url.includes('/agent/players'));

  it('asks for the rest and cleans the address, without an error', async () => {
    fetchFake.replies.push({ status: 200, body: { total: 1, page: 1, pageSize: 25, players: [player(1)] } satisfies RosterPage });
    const router = renderRoutes([{ path: '/agent/players', element: <AgentPlayersPage /> }], '/agent/players?sort=matches&position=Wizard&q=ana&page=0');
    expect(await screen.findByText('Ana Player 1')).toBeTruthy();
    expect(rosterCalls().map((call) => call.url)).toEqual(['/api/agent/players?q=ana']);
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name' }).value).toBe('ana');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('news');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says at the box why a search is refused, and asks nothing', async () => {
    fetchFake.replies.push({ status: 200, body: { total: 1, page: 1, pageSize: 25, players: [player(1)] } satisfies RosterPage });
    renderAt('/agent/players');
    await screen.findByText('Ana Player 1');
    const asked = rosterCalls().length;
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(box, { target: { value: 'ana 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Search by name: letters, spaces, apostrophes, hyphens and dots only');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(rosterCalls().length).toBe(asked);
  });
});
