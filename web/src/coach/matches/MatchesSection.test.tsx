// @vitest-environment jsdom
import { emptyMatchFacets, type MatchFacets } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast.tsx';
import { page, ranked } from './matchFixtures.ts';
import { ALL_HIDDEN_TEXT, COMPUTING_TEXT, EMPTY_POOL_TEXT, MatchesSection, NO_MATCHES_TEXT } from './MatchesSection.tsx';

const REQUEST = '11111111-1111-4111-8111-111111111111';

const NO_FACETS = emptyMatchFacets([]);

let replies: Array<{ status: number; body: unknown }>;
let urls: string[];
/** The facets' answer to a facets URL (their own call). */
let facetsOf: (url: string) => Promise<MatchFacets>;
/** The coach's notes (GET /api/coach/notes, a call of its own). */
let notes: Array<{ athleteId: string; excerpt: string; truncated: boolean; updatedAt: string }>;

beforeEach(() => {
  replies = [];
  urls = [];
  facetsOf = async () => NO_FACETS;
  notes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      // The filters' counts: a call of their own.
      if (url.includes('/matches/facets'))
        return new Response(JSON.stringify(await facetsOf(url)), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/coach/notes') return new Response(JSON.stringify({ notes }), { status: 200, headers: { 'content-type': 'application/json' } });
      urls.push(url);
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <MatchesSection requestId={REQUEST} requestName="Forward (Men's Team)" />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('MatchesSection', () => {
  it('shows a match card with the player, the overall and the six sub-scores', async () => {
    replies.push({
      status: 200,
      body: page({
        matches: [
          ranked(1, {
            athlete: {
              id: 'a1',
              name: 'Lucía Martín',
              photoUrl: null,
              age: 19,
              nationality: 'Spain',
              league: 'Segunda RFEF',
              gpa: 3.64,
              isTransfer: true,
              hasVideo: true,
            },
            score: 86.5,
            highlights: ['Primary position Forward matches the request'],
            match: { id: 'm1', status: 'pending', autoResolved: false, athleteAnswered: false, updatedAt: '2026-01-01T00:00:00Z' },
          }),
        ],
      }),
    });
    renderSection();
    const card = await screen.findByRole('article', { name: 'Lucía Martín' });
    const c = within(card);
    expect(c.getByText('19 yrs · Spain · Segunda RFEF')).toBeTruthy();
    expect(c.getByText('86.5%')).toBeTruthy();
    expect(screen.getByText('1 player at 70% or more')).toBeTruthy();
    expect(c.getByText('GPA 3.6')).toBeTruthy();
    expect(c.getByText('Transfer')).toBeTruthy();
    expect(c.getByText('Video')).toBeTruthy();
    expect(c.getByText('Pending player response')).toBeTruthy();
    expect(c.getByText('Primary position Forward matches the request')).toBeTruthy();
    const labels = c.getAllByRole('term').map((t) => t.textContent);
    expect(labels).toEqual(['Position', 'Academics', 'LYFS', 'Region', 'Budget', 'Extras']);
    expect(c.getAllByRole('definition').map((d) => d.textContent)).toEqual(['100%', '73.3%', '87.5%', '60%', '100%', '40%']);
    expect(c.getByRole('link', { name: 'View full profile of Lucía Martín' }).getAttribute('href')).toBe('/coach/athletes/a1');
    // The actions area holds the ⚡️ / 💣 buttons.
    expect(c.getByRole('group', { name: 'Actions for Lucía Martín' })).toBeTruthy();
    expect(urls[0]).toBe(`/api/coach/requests/${REQUEST}/matches?view=top15`);
  });

  it("shows the coach's own note on a card, cut after the excerpt, and none on the others", async () => {
    notes = [{ athleteId: ranked(1).athlete.id, excerpt: 'Called Monday', truncated: true, updatedAt: '2026-01-01T00:00:00Z' }];
    replies.push({ status: 200, body: page({ matches: [ranked(1), ranked(2)] }) });
    renderSection();
    const first = await screen.findByRole('article', { name: 'Player 1' });
    await waitFor(() => expect(within(first).getByText('Your note:').parentElement!.textContent).toBe('Your note: Called Monday…'));
    expect(within(screen.getByRole('article', { name: 'Player 2' })).queryByText('Your note:')).toBeNull();
  });

  it('says the request is being scored and refreshes until the ranked list is ready, and its filter counts with it', async () => {
    let facetsCalls = 0;
    facetsOf = async () => ({ ...NO_FACETS, total: facetsCalls, nationality: [{ value: 'Chile', count: ++facetsCalls }] });
    replies.push({ status: 200, body: page({ status: 'computing', computedAt: null }) });
    replies.push({ status: 200, body: page({ matches: [ranked(1), ranked(2)] }) });
    renderSection();
    await screen.findByText(COMPUTING_TEXT);
    const nationality = await screen.findByRole('combobox', { name: 'Nationality' });
    await within(nationality).findByRole('option', { name: 'Chile (1)' });
    await screen.findByRole('article', { name: 'Player 1' }, { timeout: 4000 });
    expect(screen.queryByText(COMPUTING_TEXT)).toBeNull();
    expect(urls.length).toBeGreaterThanOrEqual(2);
    // The counts read while it was being scored are read again for the ready list.
    await within(nationality).findByRole('option', { name: 'Chile (2)' });
  });

  it('switches views: the request is read in the chosen order, grouped by position fit', async () => {
    replies.push({ status: 200, body: page({ matches: [ranked(1), ranked(2)] }) });
    renderSection();
    await screen.findByRole('article', { name: 'Player 1' });
    replies.splice(0, replies.length, {
      status: 200,
      body: page({
        view: 'position',
        limit: 50,
        total: 2,
        matches: [ranked(2, { positionExact: true }), ranked(1, { positionMatch: 'secondary', positionExact: false })],
      }),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Position match priority' }));
    await screen.findByRole('heading', { name: 'Secondary position' });
    expect(screen.getByRole('heading', { name: 'Exact position' })).toBeTruthy();
    expect(urls.at(-1)).toBe(`/api/coach/requests/${REQUEST}/matches?view=position&limit=50`);
    const names = screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading', { level: 3 }).textContent);
    expect(names).toEqual(['Player 2', 'Player 1']);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Position match priority' }).checked).toBe(true);
  });

  /** Switches to the all view of 51 players, its first 50 read; `rest` answers the reads of the next page. */
  async function showFiftyOfAll(...rest: Array<{ status: number; body: unknown }>) {
    replies.push({ status: 200, body: page({ matches: [ranked(1)] }) });
    renderSection();
    await screen.findByRole('article', { name: 'Player 1' });
    const first = Array.from({ length: 50 }, (_, i) => ranked(i + 1));
    replies.splice(
      0,
      replies.length,
      { status: 200, body: page({ view: 'all', limit: 50, total: 51, hasMore: true, nextCursor: 'eyJ2IjoiYWxsIn0', matches: first }) },
      ...rest,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'All by score' }));
    await screen.findByText('Showing 50 of 51');
  }
  const lastPage = { status: 200, body: page({ view: 'all', limit: 50, offset: 50, total: 51, matches: [ranked(51)] }) };

  it('pages through the all view with Show more players', async () => {
    await showFiftyOfAll(lastPage);
    fireEvent.click(screen.getByRole('button', { name: 'Show more players' }));
    await screen.findByRole('article', { name: 'Player 51' });
    expect(urls.at(-1)).toBe(`/api/coach/requests/${REQUEST}/matches?view=all&limit=50&after=eyJ2IjoiYWxsIn0`);
    expect(screen.queryByRole('button', { name: 'Show more players' })).toBeNull();
  });

  it('keeps the players shown when the next page fails, says so aloud, and Show more tries again', async () => {
    await showFiftyOfAll({ status: 500, body: {} }, lastPage);
    fireEvent.click(screen.getByRole('button', { name: 'Show more players' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to fetch matches');
    expect(screen.getAllByRole('article')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show more players' }));
    await screen.findByRole('article', { name: 'Player 51' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("counts a filtered list by its facets' total, and names no count it does not have yet", async () => {
    let answerFacets = (_facets: MatchFacets) => {};
    facetsOf = (url) =>
      url.includes('nationality=Chile')
        ? new Promise((resolve) => (answerFacets = resolve))
        : Promise.resolve({ ...NO_FACETS, total: 4321, nationality: [{ value: 'Chile', count: 1234 }] });
    replies.push({ status: 200, body: page({ matches: [ranked(1)] }) });
    renderSection();
    await screen.findByRole('article', { name: 'Player 1' });
    const first = Array.from({ length: 50 }, (_, i) => ranked(i + 1));
    const allPage = { view: 'all' as const, limit: 50, hasMore: true, nextCursor: 'eyJ2IjoiYWxsIn0', matches: first };
    replies.splice(0, replies.length, { status: 200, body: page({ ...allPage, total: 4321 }) });
    fireEvent.click(screen.getByRole('radio', { name: 'All by score' }));
    await screen.findByText('Showing 50 of 4,321');
    expect(screen.getByRole('status').textContent).toContain('4,321 players at 70% or more');

    // Filtered, the page carries no count: the facets' total (their own call) is the list's.
    replies.splice(0, replies.length, { status: 200, body: page({ ...allPage, total: null }) });
    const nationality = await screen.findByRole('combobox', { name: 'Nationality' });
    await within(nationality).findByRole('option', { name: 'Chile (1234)' });
    fireEvent.change(nationality, { target: { value: 'Chile' } });
    await waitFor(() => expect(urls.at(-1)).toBe(`/api/coach/requests/${REQUEST}/matches?view=all&nationality=Chile&limit=50`));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Players at 70% or more, matching the filters'));
    expect(screen.getByText('Showing 50').textContent).toBe('Showing 50');
    answerFacets({ ...NO_FACETS, total: 1234, nationality: [{ value: 'Chile', count: 1234 }] });
    await screen.findByText('Showing 50 of 1,234');
    expect(screen.getByRole('status').textContent).toContain('1,234 players at 70% or more, matching the filters');
  });

  it('heads the printed shortlist with the request, the view, the date and the filters set', async () => {
    replies.push({ status: 200, body: page({ view: 'all', matches: [ranked(1)] }) });
    renderSection('/?view=all&status=pending&league=segunda-rfef&nationality=Chile&minGpa=3&hasVideo=no');
    await screen.findByRole('article', { name: 'Player 1' });
    const date = new Date().toLocaleDateString('en-US', { dateStyle: 'medium' });
    expect(screen.getByText(/^Shortlist ·/).textContent).toBe(`Shortlist · Forward (Men's Team) · All by score · ${date}`);
    // In the order of the filter panel, whatever the address's order.
    expect(screen.getByText(/^Filters:/).textContent).toBe(
      'Filters: Nationality: Chile · League: Segunda RFEF · GPA at least: 3.0 · Match status: Pending · No video',
    );
  });

  it('names no filters on the printed shortlist when none is set', async () => {
    replies.push({ status: 200, body: page({ matches: [ranked(1)] }) });
    renderSection();
    await screen.findByRole('article', { name: 'Player 1' });
    expect(screen.getByText(/^Shortlist ·/).textContent).toContain('· Top 15 matches ·');
    expect(screen.queryByText(/^Filters:/)).toBeNull();
  });

  it.each([
    ['no completed profiles', page({ poolSize: 0 }), EMPTY_POOL_TEXT],
    ['nobody above the threshold', page(), NO_MATCHES_TEXT],
  ])('shows the empty state for %s', async (_name, body, text) => {
    replies.push({ status: 200, body });
    renderSection();
    await screen.findByText(text);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says every match is hidden and lists the hidden players', async () => {
    const hidden = {
      ...ranked(7),
      match: { id: 'm7', status: 'declined' as const, autoResolved: false, athleteAnswered: false, updatedAt: '2026-01-01T00:00:00Z' },
    };
    replies.push({ status: 200, body: page({ hiddenCount: 1 }) }, { status: 200, body: { hidden: [hidden] } });
    renderSection();
    await screen.findByText(ALL_HIDDEN_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Hidden (1)' }));
    expect(await screen.findByRole('link', { name: 'Player 7' })).toBeTruthy();
    expect(urls.at(-1)).toBe(`/api/coach/requests/${REQUEST}/hidden`);
  });

  it('shows the fetch error with a retry', async () => {
    replies.push({ status: 500, body: {} });
    renderSection();
    await screen.findByText('Unable to fetch matches');
    replies.splice(0, replies.length, { status: 200, body: page({ matches: [ranked(1)] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Player 1' })).toBeTruthy());
  });
});
