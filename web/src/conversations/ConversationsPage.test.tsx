// @vitest-environment jsdom
import type { ConversationSummary } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import ConversationsPage from './ConversationsPage.tsx';

/** /messages: the user's conversations, the most recently active first (as the API orders them). */
const conversation = (matchId: string, fields: Partial<ConversationSummary> = {}): ConversationSummary => ({
  matchId,
  about: { programName: 'Hudson State University', positions: ['Forward'], teamCategories: ["Women's Team"] },
  participants: [
    { role: 'coach', name: 'Dana Reyes' },
    { role: 'athlete', name: 'Lucía Martín' },
    { role: 'agent', name: 'Ana Gil' },
  ],
  lastMessage: { id: `${matchId}-last`, sender: { role: 'coach', name: 'Dana Reyes' }, body: 'See you at the showcase.', createdAt: new Date().toISOString() },
  canSend: true,
  unread: 0,
  ...fields,
});

let conversations: FakeReply = { status: 200, body: { conversations: [] } };
/** The page after the first one (`?before=`), by cursor. */
let earlier: Record<string, FakeReply> = {};
let narrowed: Record<string, FakeReply> = {};
/** While set, narrowed answers wait for it. */
let held: Promise<void> | null = null;
const role = 'athlete';
const { calls } = fakeFetchPerTest(({ url }) => {
  if (url.endsWith('/session')) return { status: 200, body: { user: { id: 'u1', role, email: 'u@example.com' } } };
  if (url.endsWith('/conversations')) return conversations;
  // A searched or narrowed list, by its query.
  const query = /\/conversations\?(.+)$/.exec(url)?.[1];
  if (query && narrowed[query]) return held ? held.then(() => narrowed[query]) : narrowed[query];
  const before = /\/conversations\?before=(.+)$/.exec(url)?.[1];
  if (before) return earlier[before] ?? { status: 404, body: { message: 'Not found' } };
  return { status: 200, body: {} };
});

const render = (path = '/messages') =>
  renderRoutes(
    [
      {
        path: '/messages',
        element: <ConversationsPage />,
      },
    ],
    path,
  );

describe('ConversationsPage', () => {
  it('lists each conversation with the others in it, its request, its latest message and a link to it', async () => {
    conversations = {
      status: 200,
      body: {
        conversations: [
          conversation('m1', {
            lastMessage: { id: 'x', sender: { role: 'athlete', name: 'Lucía Martín' }, body: 'Thank you!', createdAt: new Date().toISOString() },
          }),
          conversation('m2', { about: { programName: 'West College', positions: ['Goalkeeper'], teamCategories: [] }, canSend: false }),
        ],
      },
    };
    render();
    const links = await screen.findAllByRole('link', { name: /Dana Reyes \(coach\)/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/messages/m1', '/messages/m2']);
    const [first, second] = links;
    // The athlete reads the others' names (not their own), what the thread is about, and "You" for their own message.
    expect(within(first).getByText('Dana Reyes (coach), Ana Gil (agent)')).toBeTruthy();
    expect(within(first).getByText("About Hudson State University’s Forward (Women's Team) request")).toBeTruthy();
    expect(first.textContent).toContain('You: Thank you!');
    expect(second.textContent).toContain('Dana Reyes: See you at the showcase.');
    expect(within(second).getByText('About West College’s Goalkeeper request')).toBeTruthy();
    expect(within(second).getByText('Closed')).toBeTruthy();
  });

  it('marks a conversation with new messages, as the server counts them', async () => {
    conversations = { status: 200, body: { conversations: [conversation('m1'), conversation('m2', { unread: 2 })] } };
    render();
    const [first, second] = await screen.findAllByRole('link', { name: /Dana Reyes \(coach\)/ });
    expect(second.className).toContain('is-unread');
    expect(within(second).getByText('2 new')).toBeTruthy();
    expect(first.className).not.toContain('is-unread');
  });

  it('says there is none yet, with the way to the matches', async () => {
    conversations = { status: 200, body: { conversations: [] } };
    render();
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your matches' }).getAttribute('href')).toBe('/athlete-matches');
  });

  it('says when the list could not be read, and reads it again on "Try again"', async () => {
    conversations = { status: 500, body: { message: 'Service unavailable' } };
    render();
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t load your conversations.');
    conversations = { status: 200, body: { conversations: [conversation('m1')] } };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Dana Reyes \(coach\)/ })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/conversations'))).toHaveLength(2);
  });

  it('shows earlier conversations on request, says when they could not be read, and lists a thread once', async () => {
    conversations = { status: 200, body: { conversations: [conversation('m1'), conversation('m2')], hasMore: true } };
    earlier = { 'm2-last': { status: 500, body: { message: 'Service unavailable' } } };
    render();
    await screen.findAllByRole('link', { name: /Dana Reyes \(coach\)/ });
    // A failed page keeps what is shown and says so; the button asks again.
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier conversations' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t load earlier conversations.');
    expect(screen.getAllByRole('link', { name: /Dana Reyes \(coach\)/ })).toHaveLength(2);
    // m2 received a message meanwhile elsewhere: the next page repeats it; it is listed once.
    earlier = { 'm2-last': { status: 200, body: { conversations: [conversation('m2'), conversation('m3')], hasMore: false } } };
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier conversations' }));
    await expect
      .poll(() => screen.getAllByRole('link', { name: /Dana Reyes \(coach\)/ }).map((link) => link.getAttribute('href')))
      .toEqual(['/messages/m1', '/messages/m2', '/messages/m3']);
    expect(screen.queryByRole('alert')).toBeNull();
    // The last page says there is nothing older.
    expect(screen.queryByRole('button', { name: 'Show earlier conversations' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('/conversations?before=m2-last'))).toHaveLength(2);
  });

  it('offers no earlier conversations when the first page is all there is', async () => {
    conversations = { status: 200, body: { conversations: [conversation('m1')], hasMore: false } };
    render();
    await screen.findByRole('link', { name: /Dana Reyes \(coach\)/ });
    expect(screen.queryByRole('button', { name: 'Show earlier conversations' })).toBeNull();
  });

  it('finds conversations by name on the server, narrows them to unread ones, and keeps both in the URL', async () => {
    conversations = { status: 200, body: { conversations: [conversation('m1'), conversation('m2')], hasMore: false } };
    narrowed = {
      'q=hudson': { status: 200, body: { conversations: [conversation('m2')], hasMore: false } },
      'q=hudson&unread=yes': { status: 200, body: { conversations: [], hasMore: false } },
    };
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    const router = render();
    await screen.findAllByRole('link', { name: /Dana Reyes \(coach\)/ });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: '  hudson ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // Until the search answers, the list on screen stays, marked busy.
    await waitFor(() => expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true'));
    expect(screen.getAllByRole('link', { name: /Dana Reyes \(coach\)/ })).toHaveLength(2);
    held = null;
    release();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Dana Reyes \(coach\)/ }).map((l) => l.getAttribute('href'))).toEqual(['/messages/m2']));
    expect(router.state.location.search).toBe('?q=hudson');
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(await screen.findByText('No conversations match.')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=hudson&unread=yes');
    expect(calls.map((c) => c.url).filter((u) => u.includes('/conversations'))).toEqual([
      '/api/conversations',
      '/api/conversations?q=hudson',
      '/api/conversations?q=hudson&unread=yes',
    ]);
    // "Show all" clears both.
    fireEvent.click(screen.getByRole('button', { name: 'Show all conversations' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Dana Reyes \(coach\)/ })).toHaveLength(2));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search conversations' }).value).toBe('');
  });

  it('opens on a bookmarked search, and refuses a search that is not a name before asking the server', async () => {
    narrowed = { 'q=ana&unread=yes': { status: 200, body: { conversations: [conversation('m3', { unread: 1 })], hasMore: false } } };
    render('/messages?q=ana&unread=yes');
    expect((await screen.findByRole('link', { name: /Dana Reyes \(coach\)/ })).getAttribute('href')).toBe('/messages/m3');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search conversations' }).value).toBe('ana');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Unread only' }).checked).toBe(true);
    const asked = calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: '50%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Search by name: letters, spaces, apostrophes, hyphens and dots only');
    expect(screen.getByRole('searchbox', { name: 'Search conversations' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.length).toBe(asked);
  });

  it('reads a bookmarked search the server would refuse as none, and leaves it out of the address', async () => {
    conversations = { status: 200, body: { conversations: [conversation('m1')] } };
    const router = render('/messages?q=50%25&unread=maybe&sort=old');
    expect(await screen.findByRole('link', { name: /Dana Reyes \(coach\)/ })).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/conversations?'))).toEqual([]);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search conversations' }).value).toBe('');
    expect(router.state.location.search).toBe('');
    // Replaced, not pushed: Back leaves the page rather than returning to the refused address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a bookmarked search as the server reads it', async () => {
    narrowed = { 'q=ana': { status: 200, body: { conversations: [conversation('m3')], hasMore: false } } };
    const router = render('/messages?q=%20ana%20&unread=no');
    expect(await screen.findByRole('link', { name: /Dana Reyes \(coach\)/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));
  });

  it('offers no search before the first conversation', async () => {
    conversations = { status: 200, body: { conversations: [] } };
    render();
    await screen.findByText('No conversations yet.');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
