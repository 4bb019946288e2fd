// @vitest-environment jsdom
import type { ConversationThread } from '@app/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import ThreadPage from './ThreadPage.tsx';

/** The thread says which request it is about: a coach may talk with one athlete about two requests. */
const thread: ConversationThread = {
  participants: [
    { role: 'coach', name: 'Dana Reyes' },
    { role: 'athlete', name: 'Lucía Martín' },
  ],
  about: { programName: 'Hudson State University', positions: ['Forward', 'Winger'], teamCategories: ["Women's Team"] },
  messages: [{ id: 'x1', sender: { role: 'coach', name: 'Dana Reyes' }, body: 'Hello!', createdAt: '2026-03-04T10:00:00.000Z' }],
  hasMore: false,
  canSend: true,
  unread: 0,
};

let role: 'coach' | 'athlete' | 'agent' = 'athlete';
let answer: ConversationThread = thread;
const { calls } = fakeFetchPerTest(({ url }) => {
  if (url.endsWith('/session')) return { status: 200, body: { user: { id: 'u1', role, email: 'u@example.com' } } };
  if (url.includes('/matches/m1/messages')) return { status: 200, body: answer };
  return { status: 200, body: { unread: 0, items: [] } };
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const about = async () => (await screen.findByText('Hello!')).closest('.thread')!.querySelector('.thread-about')!.textContent;

describe('ThreadPage: what the conversation is about', () => {
  it('names the program and the request for the athlete, in Spanish too', async () => {
    role = 'athlete';
    answer = thread;
    renderRoutes([{ path: '/messages/:matchId', element: <ThreadPage /> }], '/messages/m1');
    expect(await about()).toBe("About Hudson State University’s Forward / Winger (Women's Team) request");
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Sobre la solicitud de Delantero / Extremo (Equipo femenino) de Hudson State University')).toBeTruthy();
  });

  it('says "your request" to the coach', async () => {
    role = 'coach';
    answer = { ...thread, about: { ...thread.about, teamCategories: [] } };
    renderRoutes([{ path: '/messages/:matchId', element: <ThreadPage /> }], '/messages/m1');
    expect(await about()).toBe('About your Forward / Winger request');
  });

  it('names the coach when the program is not known', async () => {
    role = 'athlete';
    answer = { ...thread, about: { programName: null, positions: ['Goalkeeper'], teamCategories: [] } };
    renderRoutes([{ path: '/messages/:matchId', element: <ThreadPage /> }], '/messages/m1');
    expect(await about()).toBe('About Dana Reyes’s Goalkeeper request');
  });

  it("leads back to the match's screen (the agent's to the conversation hub) and to all conversations", async () => {
    role = 'agent';
    answer = thread;
    renderRoutes([{ path: '/messages/:matchId', element: <ThreadPage /> }], '/messages/m1');
    expect((await screen.findByRole('link', { name: '← Back to the conversation hub' })).getAttribute('href')).toBe('/agent-dashboard?view=hub');
    expect(screen.getByRole('link', { name: 'All conversations' }).getAttribute('href')).toBe('/messages');
  });
});

describe('ThreadPage: new messages', () => {
  const reads = () => calls.filter((c) => c.url === '/api/notifications/read');
  const replies = [
    { id: 'x2', sender: { role: 'athlete' as const, name: 'Lucía Martín' }, body: 'Thank you!', createdAt: '2026-03-04T11:00:00.000Z' },
    { id: 'x3', sender: { role: 'coach' as const, name: 'Dana Reyes' }, body: 'Friday?', createdAt: '2026-03-04T12:00:00.000Z' },
    { id: 'x4', sender: { role: 'coach' as const, name: 'Dana Reyes' }, body: 'Or Monday.', createdAt: '2026-03-04T13:00:00.000Z' },
  ];

  it("marks the messages the server counts as new, from the first of them, and reads the thread's notifications", async () => {
    role = 'athlete';
    answer = { ...thread, messages: [...thread.messages, ...replies], unread: 2 };
    renderRoutes([{ path: '/messages/:matchId', element: <ThreadPage /> }], '/messages/m1');
    await screen.findByText('Or Monday.');
    // The two newest messages of others: the divider stands before "Friday?", not before the athlete's own.
    const divider = screen.getByText('New messages').closest('li')!;
    expect(divider.textContent).toContain('Friday?');
    await waitFor(() => expect(reads()).toEqual([{ url: '/api/notifications/read', method: 'POST', body: { thread: 'm1' } }]));
  });

  it('reads nothing when nothing is new', async () => {
    role = 'athlete';
    answer = { ...thread, unread: 0 };
    renderRoutes([{ path: '/messages/:matchId', element: <ThreadPage /> }], '/messages/m1');
    await screen.findByText('Hello!');
    expect(screen.queryByText('New messages')).toBeNull();
    expect(reads()).toEqual([]);
  });
});
