// @vitest-environment jsdom
import type { ConversationSummary } from '@app/domain';
import { fireEvent, screen, within } from '@testing-library/react';
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
const role = 'athlete';
const { calls } = fakeFetchPerTest(({ url }) => {
  if (url.endsWith('/session')) return { status: 200, body: { user: { id: 'u1', role, email: 'u@example.com' } } };
  if (url.endsWith('/conversations')) return conversations;
  const before = /\/conversations\?before=(.+)$/.exec(url)?.[1];
  if (before) return earlier[before] ?? { status: 404, body: { message: 'Not found' } };
  return { status: 200, body: {} };
});

const render = () =>
  renderRoutes(
    [
      {
        path: '/messages',
        element: <ConversationsPage />,
      },
    ],
    '/messages',
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
});
