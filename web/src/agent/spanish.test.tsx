// @vitest-environment jsdom
import type { RosterPage } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { inSpanish } from '../testing/inSpanish.ts';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import AgentDashboardPage from './AgentDashboardPage.tsx';
import AgentPlayersPage from './AgentPlayersPage.tsx';
import type { AgentDashboard, AgentMatches } from './api/workspaceTypes.ts';
import { eventText, sharedDateText } from './labels.ts';
import AgentPlayerPage from './AgentPlayerPage.tsx';
import { agentAthlete, agentMatch, rosterSideRead } from './rosterFixtures.ts';

/** The agent area with the interface in Spanish (issue 19). */
// The roster's side reads and a player page's note by address, everything else from the queued replies, in turn.
const fetchFake = fakeFetchPerTest(
  (call) =>
    rosterSideRead(call) ??
    (call.url.endsWith('/note') ? { status: 200, body: { note: null } } : undefined) ??
    fetchFake.replies.shift() ?? { status: 200, body: {} },
);
inSpanish();

const player = {
  id: 'p1',
  fullName: 'Lucía Martín',
  profilePhotoUrl: null,
  age: 19,
  nationality: 'Spain',
  leagueLevelLabel: 'Segunda RFEF',
  primaryPosition: 'Left Back',
  gpa: 3.45,
  // Ticked later term first: the card's start is still the earliest.
  targetStartTerms: ['Spring 2027', 'Fall 2026'],
  preferredUsRegions: [],
  highlightVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  profileCompleted: true,
};

const dashboard: AgentDashboard = {
  agent: { firstName: 'Elena', lastName: 'Soto', email: 'elena@eture.com', agency: 'Eture', agencyUrl: 'https://eture.com', profilePhotoUrl: null },
  playerCount: 1,
  completedCount: 1,
  players: [{ ...player, matchCounts: { accepted: 0, pending: 1, declined: 0 } }],
  matchStats: { total: 1, byStatus: { accepted: 0, pending: 1, declined: 0 } },
};

const match = agentMatch('m1', 'pending', { schoolSize: 'Small <5k' });

const matches: AgentMatches = {
  matches: [match],
  stats: { total: 1, byStatus: { accepted: 0, pending: 1, declined: 0 }, byAthlete: { p1: { accepted: 0, pending: 1, declined: 0 } } },
};

function renderAt(path: string, page: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('agent area in Spanish', () => {
  it('dashboard: welcome, plural counts, roster card with Spanish position, term and decimals', async () => {
    fetchFake.replies.push({ status: 200, body: dashboard });
    renderAt('/agent-dashboard', <AgentDashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Elena Soto' })).toBeTruthy();
    expect(screen.getByText('Eture · Espacio del agente')).toBeTruthy();
    expect(document.querySelector('.agent-welcome-meta')!.textContent).toContain('1 jugador vinculado a Eture');
    expect(document.querySelector('.summary-line')!.textContent).toBe(' 0 confirmados/ 1 pendiente/ 0 rechazados');
    expect(screen.getByRole('button', { name: /Plantilla de jugadores1 perfil completo con datos rápidos/ })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Lucía Martín' });
    expect(within(card).getByText('Lateral izquierdo · Spain')).toBeTruthy();
    expect(within(card).getByText('3,5')).toBeTruthy();
    expect(within(card).getByText('Otoño 2026')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Matches de Lucía Martín' }).textContent).toBe('0 confirmados1 pendiente0 rechazados');
  });

  it('dashboard of a large agency: the agency’s counts, a preview of its roster and the way to the rest', async () => {
    const byStatus = { accepted: 12345, pending: 23456, declined: 34567 };
    fetchFake.replies.push({ status: 200, body: { ...dashboard, playerCount: 47070, completedCount: 44716, matchStats: { total: 70368, byStatus } } });
    renderAt('/agent-dashboard', <AgentDashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Elena Soto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Centro de conversaciones70\.368 matches/ })).toBeTruthy();
    // The totals come with the dashboard: the hub's page of matches is not read until it is shown.
    expect(fetchFake.calls.map((c) => c.url)).toEqual(['/api/agent/dashboard']);
    expect(screen.getByRole('button', { name: /Plantilla de jugadores44\.716 perfiles completos con datos rápidos/ })).toBeTruthy();
    expect(screen.getByText('2354 jugadores más están completando su perfil.', { exact: false })).toBeTruthy();
    expect(document.querySelector('.summary-line')!.textContent).toBe(' 12.345 confirmados/ 23.456 pendientes/ 34.567 rechazados');
    // Each count leads to the roster narrowed to the players with a match of its status.
    const pendingPlayers = screen.getByRole('link', { name: '23.456 pendientes' });
    expect(pendingPlayers.getAttribute('href')).toBe('/agent/players?matchStatus=pending');
    expect(pendingPlayers.getAttribute('title')).toBe('Ver los jugadores con un match pendiente');
    expect(screen.getByRole('link', { name: '12.345 confirmados' }).getAttribute('href')).toBe('/agent/players?matchStatus=accepted');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const more = document.querySelector('.roster-preview-more')!;
    expect(more.textContent).toBe('Se muestran 1 de 44.716 perfiles completos: primero los jugadores con novedades. Ver la plantilla completa de la agencia →');
    expect(
      within(more as HTMLElement)
        .getByRole('link', { name: 'Ver la plantilla completa de la agencia →' })
        .getAttribute('href'),
    ).toBe('/agent/players');
  });

  it('dashboard: a status with no match is a count, not a link', async () => {
    fetchFake.replies.push({ status: 200, body: dashboard });
    renderAt('/agent-dashboard', <AgentDashboardPage />);
    expect(await screen.findByRole('link', { name: '1 pendiente' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '0 confirmados' })).toBeNull();
    expect(screen.getByText('0 confirmados', { exact: false })).toBeTruthy();
  });

  it('conversation hub: groups, badge, request highlights and history in Spanish', async () => {
    fetchFake.replies.push({ status: 200, body: dashboard }, { status: 200, body: matches });
    renderAt('/agent-dashboard?view=hub', <AgentDashboardPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Centro de conversaciones' })).toBeTruthy();
    // The hub is read once it is shown, after the dashboard.
    expect(await screen.findByRole('heading', { name: 'Listos para conectar (0)' })).toBeTruthy();
    expect(fetchFake.calls.map((c) => c.url)).toEqual(['/api/agent/dashboard', '/api/agent/matches']);
    const hubCard = screen.getByRole('article', { name: /Lucía Martín con Hudson State University/ });
    expect(within(hubCard).getByText('Pendiente de respuesta del jugador')).toBeTruthy();
    expect(within(hubCard).getByText('Compartido el 4 mar 2026')).toBeTruthy();
    expect(within(hubCard).getByText('Hudson State University · NCAA Division I · Pequeña (<5.000)')).toBeTruthy();
    expect(within(hubCard).getByText('Extremo')).toBeTruthy();
    expect(within(hubCard).getByText('Equipo femenino')).toBeTruthy();
    expect(within(hubCard).getByText('Historial (1)')).toBeTruthy();
    expect(within(hubCard).getByText('Compartido por Dana Reyes (entrenador)')).toBeTruthy();
    expect(within(hubCard).getByText('El chat se abre cuando Lucía Martín acepte.')).toBeTruthy();
  });

  it('roster page: header, filters with Spanish options, cards and counts', async () => {
    const page: RosterPage = {
      total: 1,
      page: 1,
      pageSize: 20,
      players: [
        {
          ...player,
          updatedAt: '2026-03-04T10:00:00.000Z',
          bestScore: 87.5,
          matchCounts: { accepted: 1, pending: 0, declined: 2 },
          news: { newShares: 2, answered: 1 },
        },
      ],
    };
    fetchFake.replies.push({ status: 200, body: page });
    renderAt('/agent/players', <AgentPlayersPage />);
    expect(screen.getByText('Cargando la plantilla…')).toBeTruthy();
    expect(await screen.findByText('1 jugador vinculado · página 1 de 1')).toBeTruthy();
    // The download is in Spanish too (the server writes it in the language it is given).
    expect(screen.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe('/api/agent/players/export.csv?lang=es');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plantilla de la agencia');
    expect(within(screen.getByRole('group', { name: 'Vistas guardadas' })).getByRole('button', { name: 'Guardar esta vista' })).toBeTruthy();
    const position = screen.getByLabelText<HTMLSelectElement>('Posición');
    expect(
      Array.from(position.options)
        .slice(0, 3)
        .map((o) => [o.value, o.textContent]),
    ).toEqual([
      ['', 'Cualquiera'],
      ['Goalkeeper', 'Portero'],
      ['Left Back', 'Lateral izquierdo'],
    ]);
    const status = screen.getByLabelText<HTMLSelectElement>('Estado del match');
    expect(Array.from(status.options).map((o) => o.textContent)).toEqual(['Cualquiera', 'Pendiente', 'Confirmado', 'Rechazado']);
    const card = screen.getByRole('article', { name: 'Lucía Martín' });
    expect(within(card).getByText('Perfil completo')).toBeTruthy();
    expect(within(card).getByText('2 matches nuevos · 1 respuesta')).toBeTruthy();
    expect(within(card).getByText('87,5 %')).toBeTruthy();
    expect(within(card).getAllByText('1 confirmado · 0 pendientes · 2 rechazados').length).toBeGreaterThan(0);
  });

  it('roster page: the empty and error texts', async () => {
    fetchFake.replies.push({ status: 200, body: { total: 0, page: 1, pageSize: 20, players: [] } });
    renderAt('/agent/players', <AgentPlayersPage />);
    expect(await screen.findByText('Todavía no hay deportistas vinculados a tu agencia.')).toBeTruthy();
  });

  it('player page: hero, notice, profile, matches and the way back in Spanish', async () => {
    fetchFake.replies.push({ status: 200, body: agentAthlete({ profileCompleted: false }, [agentMatch('m1', 'accepted')]) });
    renderRoutes([{ path: '/agent/players/:athleteId', element: <AgentPlayerPage /> }], '/agent/players/p1');
    expect(screen.getByText('Cargando el perfil del jugador…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Martín' })).toBeTruthy();
    expect(screen.getByText('Perfil del jugador')).toBeTruthy();
    expect(screen.getByText('Lateral izquierdo · Segunda RFEF · Spain')).toBeTruthy();
    expect(screen.getByText('Falta información')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'Lucía Martín todavía está completando su perfil. Los entrenadores lo verán, y podrán compartir matches, cuando tenga los datos obligatorios.',
    );
    expect(screen.getByRole('link', { name: 'Volver a la plantilla' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tus notas' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Preferencias' })).getByText('Otoño 2026 y Primavera 2027')).toBeTruthy();
    const matchesRegion = screen.getByRole('region', { name: 'Matches (1)' });
    const card = within(matchesRegion).getByRole('article', { name: 'Lucía Martín con Hudson State University' });
    expect(within(card).getByText('Confirmado')).toBeTruthy();
    expect(within(card).getByText('Compartido el 4 mar 2026')).toBeTruthy();
  });

  it('player page: empty matches, not on the roster, and a failed read', async () => {
    fetchFake.replies.push({ status: 200, body: agentAthlete() });
    renderRoutes([{ path: '/agent/players/:athleteId', element: <AgentPlayerPage /> }], '/agent/players/p1');
    expect(await screen.findByText('Ningún entrenador ha compartido todavía un match con este jugador.')).toBeTruthy();
    cleanup();

    fetchFake.replies.push({ status: 404, body: { message: 'Athlete not found' } });
    renderRoutes([{ path: '/agent/players/:athleteId', element: <AgentPlayerPage /> }], '/agent/players/p9');
    const missing = await screen.findByRole('alert');
    expect(within(missing).getByText('Este jugador no está en la plantilla de tu agencia.')).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Ver la plantilla de la agencia' })).toBeTruthy();
    cleanup();

    fetchFake.replies.push({ status: 503 });
    renderRoutes([{ path: '/agent/players/:athleteId', element: <AgentPlayerPage /> }], '/agent/players/p1');
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText('No hemos podido cargar este jugador.')).toBeTruthy();
    expect(within(failed).getByText('No se ha podido obtener este jugador')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('labels: audit entries and dates', () => {
    expect(eventText({ fromStatus: 'declined', toStatus: 'pending', actorRole: 'coach', actorName: 'Dana Reyes', at: '' })).toBe(
      'Recuperado por Dana Reyes (entrenador)',
    );
    expect(eventText({ fromStatus: 'pending', toStatus: 'accepted', actorRole: 'athlete', actorName: 'Ana', at: '' })).toBe('Aceptado por Ana (jugador)');
    expect(sharedDateText({ createdAt: 'nonsense', events: [] })).toBe('Recientemente');
  });
});
