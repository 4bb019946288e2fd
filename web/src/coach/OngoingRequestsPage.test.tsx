// @vitest-environment jsdom
import { emptyMatchFacets } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { coachRequest, page, ranked } from './matches/matchFixtures.ts';
import { OngoingRequestsPage } from './OngoingRequestsPage.tsx';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

// Request A lists players 1 and 2, request B players 1 and 3: a tick carried over would show.
const PLAYERS: Record<string, number[]> = { [A]: [1, 2], [B]: [1, 3] };
const FACETS = { ...emptyMatchFacets([]), position: [{ value: 'Goalkeeper', count: 1 }] };

// The page reads the requests, the list, its filter counts and the notes at once: answered by address.
const KEEPERS_VIEW = { id: 'v1', name: 'Keepers, all', query: 'view=all&position=Goalkeeper', createdAt: '2026-11-01T10:00:00.000Z' };
const { calls } = fakeFetchPerTest(({ url, method, body }): FakeReply => {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/api/coach/requests') return { status: 200, body: [coachRequest(A, 'Forward'), coachRequest(B, 'Goalkeeper')] };
  if (pathname === '/api/coach/saved-views' && method === 'POST')
    return { status: 201, body: { view: { ...KEEPERS_VIEW, id: 'v2', ...(body as object) }, replaced: false } };
  if (pathname === '/api/coach/saved-views') return { status: 200, body: { views: [KEEPERS_VIEW] } };
  if (pathname === '/api/coach/notes') return { status: 200, body: { notes: [] } };
  if (pathname.endsWith('/matches/facets')) return { status: 200, body: FACETS };
  const list = /^\/api\/coach\/requests\/([^/]+)\/matches$/.exec(pathname);
  if (list) {
    const view = (searchParams.get('view') ?? 'top15') as 'top15' | 'all' | 'position';
    return { status: 200, body: page({ view, matches: PLAYERS[list[1]].map((n) => ranked(n)) }) };
  }
  return { status: 404, body: { message: `Not faked: ${url}` } };
});

/** The list's reads of a request (not its counts), as their query parameters. */
const listReads = (id: string) =>
  calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((u) => u.pathname === `/api/coach/requests/${id}/matches`)
    .map((u) => u.searchParams);

const renderAt = (path: string) => renderRoutes([{ path: '/coach-requests', element: <OngoingRequestsPage /> }], path);
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const compareBox = (n: number) => screen.getByRole<HTMLInputElement>('checkbox', { name: `Compare Player ${n}` });

describe('ongoing requests: the list view and filters in the address', () => {
  it('opens a bookmarked view: the list is read with its view and filters, which show as chosen', async () => {
    renderAt(`/coach-requests?request=${A}&view=all&position=Goalkeeper`);
    await screen.findByRole('article', { name: 'Player 2' });
    const reads = listReads(A);
    expect(reads).toHaveLength(1);
    expect(reads[0].get('view')).toBe('all');
    expect(reads[0].get('position')).toBe('Goalkeeper');
    expect(radio('All by score').checked).toBe(true);
    expect(select('Position').value).toBe('Goalkeeper');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/coach/requests/${A}/matches/export.csv?position=Goalkeeper&view=all`,
    );
  });

  it('leaves out a value the list does not take, rather than breaking the page', async () => {
    renderAt(`/coach-requests?request=${A}&view=sideways&position=Striker&minGpa=3`);
    await screen.findByRole('article', { name: 'Player 2' });
    expect([...listReads(A)[0]].filter(([key]) => key !== 'limit')).toEqual([
      ['view', 'top15'],
      ['minGpa', '3'],
    ]);
    expect(radio('Top 15 matches').checked).toBe(true);
    expect(select('Position').value).toBe('');
  });

  it('writes a chosen view and filter into the address, one history entry each, and Back restores the list', async () => {
    const router = renderAt(`/coach-requests?request=${A}`);
    await screen.findByRole('article', { name: 'Player 2' });
    fireEvent.click(radio('All by score'));
    await waitFor(() => expect(router.state.location.search).toBe(`?request=${A}&view=all`));
    expect(router.state.historyAction).toBe('PUSH');
    await within(select('Position')).findByRole('option', { name: 'Goalkeeper (1)' });
    fireEvent.change(select('Position'), { target: { value: 'Goalkeeper' } });
    await waitFor(() => expect(router.state.location.search).toBe(`?request=${A}&view=all&position=Goalkeeper`));
    await waitFor(() => expect(listReads(A).at(-1)?.get('position')).toBe('Goalkeeper'));

    await router.navigate(-1);
    await waitFor(() => expect(select('Position').value).toBe(''));
    expect(router.state.location.search).toBe(`?request=${A}&view=all`);
    expect(radio('All by score').checked).toBe(true);

    // Clear filters takes them out of the address; the view stays.
    await router.navigate(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?request=${A}&view=all`));
  });

  it('opens another request from the list fresh: no player ticked for Compare, the default view and no filters', async () => {
    const router = renderAt(`/coach-requests?request=${A}&view=all&position=Goalkeeper`);
    await screen.findByRole('article', { name: 'Player 2' });
    fireEvent.click(compareBox(1));
    fireEvent.click(compareBox(2));
    expect(screen.getByRole('button', { name: 'Compare (2)' })).toBeTruthy();

    const requests = screen.getByRole('navigation', { name: 'Your requests' });
    fireEvent.click(within(requests).getByRole('link', { name: /Goalkeeper/ }));
    await screen.findByRole('article', { name: 'Player 3' });
    expect(router.state.location.search).toBe(`?request=${B}`);
    // Player 1 is on both lists: ticked on A, not on B.
    expect(compareBox(1).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Compare' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(radio('Top 15 matches').checked).toBe(true);
    expect(select('Position').value).toBe('');
    expect(listReads(B).map((p) => p.toString())).toEqual(['view=top15']);
  });

  it("opens a saved view on the request on screen, and saves the list's view and filters (not the request) as a new one", async () => {
    const router = renderAt(`/coach-requests?request=${B}`);
    await screen.findByRole('article', { name: 'Player 3' });
    const views = screen.getByRole('group', { name: 'Saved views' });
    fireEvent.click(await within(views).findByRole('button', { name: 'Keepers, all' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?request=${B}&view=all&position=Goalkeeper`));
    expect(radio('All by score').checked).toBe(true);
    await waitFor(() => expect(listReads(B).at(-1)?.toString()).toBe('view=all&position=Goalkeeper&limit=50'));
    expect(within(views).getByRole('button', { name: 'Keepers, all' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(radio('Position match priority'));
    await waitFor(() => expect(within(views).getByRole('button', { name: 'Keepers, all' }).getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(within(views).getByRole('button', { name: 'Save this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Keepers by position' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Keepers by position', query: 'view=position&position=Goalkeeper' });
  });
});
