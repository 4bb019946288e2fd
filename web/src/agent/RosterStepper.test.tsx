// @vitest-environment jsdom
import type { AgentDashboard, RosterPage } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import AgentDashboardPage from './AgentDashboardPage.tsx';
import AgentPlayerPage from './AgentPlayerPage.tsx';
import AgentPlayersPage from './AgentPlayersPage.tsx';
import { agentAthlete, rosterPlayer, rosterSideRead } from './rosterFixtures.ts';

/** A roster of five players, sorted by name, two a page: Player 1 and 2, 3 and 4, then 5. */
const PAGE_SIZE = 2;
const name = (n: number) => `Player ${n}`;
const { calls } = fakeFetchPerTest((call) => {
  const { pathname, searchParams } = new URL(call.url, 'http://localhost');
  if (pathname === '/api/agent/players') {
    const page = Number(searchParams.get('page') ?? '1');
    const numbers = [1, 2, 3, 4, 5].slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return { status: 200, body: { total: 5, page, pageSize: PAGE_SIZE, players: numbers.map((n) => rosterPlayer(`p${n}`, name(n))) } satisfies RosterPage };
  }
  if (pathname === '/api/agent/dashboard') return { status: 200, body: DASHBOARD };
  const note = /^\/api\/agent\/athletes\/p(\d)\/note$/.exec(pathname);
  if (note) return { status: 200, body: { note: null } };
  const athlete = /^\/api\/agent\/athletes\/p(\d)$/.exec(pathname);
  if (athlete) return { status: 200, body: agentAthlete({ id: `p${athlete[1]}`, fullName: name(Number(athlete[1])) }) };
  return rosterSideRead(call) ?? { status: 404, body: { message: 'Not found' } };
});

/** The agent's dashboard: its preview is the first screen of the complete profiles (Players 1 and 2). */
const DASHBOARD: AgentDashboard = {
  agent: { firstName: 'Elena', lastName: 'Soto', email: 'elena@eture.com', agency: 'Eture', agencyUrl: 'https://eture.com', profilePhotoUrl: null },
  playerCount: 5,
  completedCount: 5,
  players: [1, 2].map((n) => ({ ...rosterPlayer(`p${n}`, name(n)), matchCounts: { accepted: 0, pending: 0, declined: 0 } })),
  matchStats: { total: 0, byStatus: { accepted: 0, pending: 0, declined: 0 } },
};

const rosterReads = () => calls.filter((call) => call.url.startsWith('/api/agent/players')).map((call) => call.url);
const routes = [
  { path: '/agent/players', element: <AgentPlayersPage /> },
  { path: '/agent/players/:athleteId', element: <AgentPlayerPage /> },
];
const stepper = () => screen.getByRole('navigation', { name: 'Players of the roster' });

describe('agent player page: the roster’s previous and next players', () => {
  it('steps through the roster as it was on screen, across its pages, by link and by arrow key', async () => {
    const router = renderRoutes(routes, '/agent/players?sort=name');
    fireEvent.click(await screen.findByRole('link', { name: name(2) }));
    expect(await screen.findByRole('heading', { level: 1, name: name(2) })).toBeTruthy();
    // Where the player stands in the whole view; the page already read is not read again, the next one is.
    expect(within(stepper()).getByText('2 of 5')).toBeTruthy();
    expect(
      within(stepper())
        .getByRole('link', { name: `Previous player: ${name(1)}` })
        .getAttribute('href'),
    ).toBe('/agent/players/p1');
    const next = await within(stepper()).findByRole('link', { name: `Next player: ${name(3)}` });
    expect(rosterReads()).toEqual(['/api/agent/players?sort=name', '/api/agent/players?sort=name&page=2']);

    // Past the page's end: the next page's first player, and Back to roster returns to that page. A step replaces the address.
    const entries = router.state.historyAction;
    fireEvent.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: name(3) })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(entries).toBe('PUSH');
    expect(within(stepper()).getByText('3 of 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to roster/ }).getAttribute('href')).toBe('/agent/players?sort=name&page=2');

    // The left arrow goes back across the page boundary, from the page read first.
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { level: 1, name: name(2) })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/players/p2');
    expect(screen.getByRole('link', { name: /Back to roster/ }).getAttribute('href')).toBe('/agent/players?sort=name');
    expect(rosterReads()).toEqual(['/api/agent/players?sort=name', '/api/agent/players?sort=name&page=2']);
  });

  it('the last player has no next, and typing in the note does not step', async () => {
    renderRoutes(routes, '/agent/players?page=3');
    fireEvent.click(await screen.findByRole('link', { name: name(5) }));
    expect(await screen.findByRole('heading', { level: 1, name: name(5) })).toBeTruthy();
    expect(within(stepper()).getByText('5 of 5')).toBeTruthy();
    expect(await within(stepper()).findByRole('link', { name: `Previous player: ${name(4)}` })).toBeTruthy();
    expect(within(stepper()).queryByRole('link', { name: /Next player/ })).toBeNull();
    const note = await screen.findByRole('textbox', { name: 'Your private note on this athlete' });
    fireEvent.keyDown(note, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: name(5) })).toBeTruthy());
  });

  it('from the dashboard’s preview, steps on through the roster it previews: the complete profiles', async () => {
    renderRoutes([...routes, { path: '/agent-dashboard', element: <AgentDashboardPage /> }], '/agent-dashboard');
    fireEvent.click(await screen.findByRole('link', { name: name(2) }));
    expect(await screen.findByRole('heading', { level: 1, name: name(2) })).toBeTruthy();
    expect(within(stepper()).getByText('2 of 5')).toBeTruthy();
    expect(await within(stepper()).findByRole('link', { name: `Next player: ${name(3)}` })).toBeTruthy();
    expect(rosterReads()).toEqual(['/api/agent/players?profile=complete', '/api/agent/players?profile=complete&page=2']);
    expect(screen.getByRole('link', { name: /Back to roster/ }).getAttribute('href')).toBe('/agent/players?profile=complete');
  });

  it('is not shown when the page was opened another way (a bookmark, the hub)', async () => {
    renderRoutes(routes, '/agent/players/p2');
    expect(await screen.findByRole('heading', { level: 1, name: name(2) })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Players of the roster' })).toBeNull();
    expect(rosterReads()).toEqual([]);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      renderRoutes(routes, '/agent/players?page=2');
      fireEvent.click(await screen.findByRole('link', { name: name(3) }));
      const steps = await screen.findByRole('navigation', { name: 'Jugadores de la lista' });
      expect(within(steps).getByText('3 de 5')).toBeTruthy();
      expect(await within(steps).findByRole('link', { name: `Jugador anterior: ${name(2)}` })).toBeTruthy();
      expect(within(steps).getByRole('link', { name: `Jugador siguiente: ${name(4)}` }).textContent).toBe('Siguiente→');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
