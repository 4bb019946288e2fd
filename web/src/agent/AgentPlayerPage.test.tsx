// @vitest-environment jsdom
import { BRAND_NAME, type RosterPage } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import AgentPlayerPage from './AgentPlayerPage.tsx';
import AgentPlayersPage from './AgentPlayersPage.tsx';
import { ConversationHub } from './ConversationHub.tsx';
import { RosterCard } from './RosterCard.tsx';
import { agentAthlete, agentMatch, rosterPlayer, rosterSideRead } from './rosterFixtures.ts';

/** The player page's answers, in turn (the last one stays); the note, the roster and its side reads by address. */
let athleteReplies: FakeReply[] = [];
const { calls } = fakeFetchPerTest((call) => {
  if (call.url === '/api/agent/athletes/p1/note') return { status: 200, body: { note: null } };
  if (call.url.startsWith('/api/agent/athletes/')) return athleteReplies.length > 1 ? athleteReplies.shift()! : athleteReplies[0];
  if (call.url.startsWith('/api/agent/players'))
    return { status: 200, body: { total: 1, page: 1, pageSize: 25, players: [rosterPlayer('p1', 'Lucía Martín')] } satisfies RosterPage };
  return rosterSideRead(call) ?? { status: 404, body: { message: 'Not found' } };
});
beforeEach(() => {
  athleteReplies = [];
});

const routes = [
  { path: '/agent/players', element: <AgentPlayersPage /> },
  { path: '/agent/players/:athleteId', element: <AgentPlayerPage /> },
];

describe('agent player page', () => {
  it('shows the player in full: hero, private note, profile and their matches, newest first, each with its status', async () => {
    athleteReplies = [{ status: 200, body: agentAthlete({}, [agentMatch('m2', 'accepted', { programName: 'Coastal College' }), agentMatch('m1', 'pending')]) }];
    renderRoutes(routes, '/agent/players/p1');
    expect(screen.getByRole('status').textContent).toContain('Loading the player’s profile…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Martín' })).toBeTruthy();
    expect(calls[0].url).toBe('/api/agent/athletes/p1');
    expect(document.title).toBe(`Lucía Martín · ${BRAND_NAME}`);
    const hero = screen.getByRole('banner');
    expect(within(hero).getByText('Left Back · Segunda RFEF · Spain')).toBeTruthy();
    expect(within(hero).getByText('Profile complete')).toBeTruthy();
    // An agent reads the profile; only the athlete edits it.
    expect(screen.queryByRole('link', { name: /Edit profile|Complete profile/ })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();

    // The agent's own note.
    const note = screen.getByRole('region', { name: 'Your notes' });
    expect(await within(note).findByRole('textbox', { name: 'Your private note on this athlete' })).toBeTruthy();
    expect(within(note).getByText('Only you can see these notes: not the athlete or any coach.')).toBeTruthy();

    // The profile as the athlete's own page shows it.
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('lucia@example.com')).toBeTruthy();
    expect(within(account).getByText('Eture')).toBeTruthy();
    // The phone dials the number.
    expect(within(account).getByRole('link', { name: '+34 600 12 34 56' }).getAttribute('href')).toBe('tel:+34600123456');
    expect(within(screen.getByRole('region', { name: 'Highlight video' })).getByRole('link', { name: 'https://youtu.be/dQw4w9WgXcQ' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Academic' })).getByText('Business Administration')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Athletic' })).getByText('Winger')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Preferences' })).getByText('Fall 2026 and Spring 2027')).toBeTruthy();

    const matches = screen.getByRole('region', { name: 'Matches (2)' });
    const cards = within(matches).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Lucía Martín with Coastal College',
      'Lucía Martín with Hudson State University',
    ]);
    expect(within(cards[0]).getByText('Matched')).toBeTruthy();
    expect(within(cards[0]).getByText('dana@hudson.edu')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: /Open chat/ })).toBeTruthy();
    expect(within(cards[1]).getByText('Pending player response')).toBeTruthy();
    expect(within(cards[1]).getByText('The chat opens once Lucía Martín accepts.')).toBeTruthy();
    // On the player's own page their name is not a link to it.
    expect(within(matches).queryByRole('link', { name: 'Lucía Martín' })).toBeNull();

    // Opened directly, Back leads to the whole roster.
    expect(screen.getByRole('link', { name: 'Back to roster' }).getAttribute('href')).toBe('/agent/players');
  });

  it('a profile in progress: the badge, a notice, what is still missing, and no matches yet', async () => {
    athleteReplies = [
      {
        status: 200,
        body: agentAthlete({ profileCompleted: false, primaryPosition: undefined, leagueLevelLabel: undefined, nationality: undefined, gpa: undefined }),
      },
    ];
    renderRoutes(routes, '/agent/players/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Martín' })).toBeTruthy();
    const hero = screen.getByRole('banner');
    expect(within(hero).getByText('Profile details pending')).toBeTruthy();
    expect(within(hero).getByText('Action needed')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'Lucía Martín is still completing their profile. Coaches see it, and can share matches, once the required details are in.',
    );
    expect(within(screen.getByRole('region', { name: 'Academic' })).getAllByText('Not provided').length).toBeGreaterThan(0);
    const matches = screen.getByRole('region', { name: 'Matches (0)' });
    expect(within(matches).getByText('No coach has shared a match with this player yet.')).toBeTruthy();
    expect(within(matches).queryByRole('article')).toBeNull();
  });

  it('a player not on the agency’s roster: says so, with the way back to the roster, and nothing to retry', async () => {
    athleteReplies = [{ status: 404, body: { message: 'Athlete not found', code: 'athlete.notFound' } }];
    renderRoutes(routes, '/agent/players/someone-else');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This player is not on your agency’s roster.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'See the agency roster' }).getAttribute('href')).toBe('/agent/players');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/agent/athletes/someone-else']);
  });

  it('a failed read: the server’s message and Try again, which reads the player again', async () => {
    athleteReplies = [
      { status: 500, body: { message: 'Database unavailable' } },
      { status: 200, body: agentAthlete() },
    ];
    renderRoutes(routes, '/agent/players/p1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We couldn’t load this player.')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Martín' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/agent/athletes/p1')).toHaveLength(2);
  });

  it('says so when the server answers without a message', async () => {
    athleteReplies = [{ status: 502 }];
    renderRoutes(routes, '/agent/players/p1');
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to fetch this player');
  });
});

describe('links to a player page', () => {
  it('from a roster card, and Back returns to the roster with its search and filters', async () => {
    athleteReplies = [{ status: 200, body: agentAthlete() }];
    const router = renderRoutes(routes, '/agent/players?q=luc&position=Left+Back');
    const card = await screen.findByRole('article', { name: 'Lucía Martín' });
    const link = within(card).getByRole('link', { name: 'Lucía Martín' });
    expect(link.getAttribute('href')).toBe('/agent/players/p1');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Martín' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/players/p1');
    const back = screen.getByRole('link', { name: 'Back to roster' });
    expect(back.getAttribute('href')).toBe('/agent/players?q=luc&position=Left+Back');
    fireEvent.click(back);
    const search = await screen.findByLabelText<HTMLInputElement>('Search by name');
    expect(router.state.location.search).toBe('?q=luc&position=Left+Back');
    expect(search.value).toBe('luc');
    expect(screen.getByLabelText<HTMLSelectElement>('Position').value).toBe('Left Back');
  });

  it('from the dashboard’s roster card and from a match card of the hub', () => {
    const counts = { accepted: 0, pending: 1, declined: 0 };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RosterCard player={rosterPlayer('p1', 'Lucía Martín')} counts={counts} />
          <ConversationHub matches={[agentMatch('m1', 'pending')]} counts={counts} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const links = screen.getAllByRole('link', { name: 'Lucía Martín' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/agent/players/p1', '/agent/players/p1']);
    expect(within(screen.getByRole('article', { name: 'Lucía Martín with Hudson State University' })).getByRole('link', { name: 'Lucía Martín' })).toBe(
      links[1],
    );
  });
});
