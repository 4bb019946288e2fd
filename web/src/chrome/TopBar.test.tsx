// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { TopBar } from './TopBar.tsx';

/** The top bar marks the signed-in role's current section: its page and, for sections, the pages under it. */
let role = 'coach';
let unreadThreads: Array<{ matchId: string; unread: number }> = [];
const { calls } = fakeFetchPerTest(({ url }) => {
  if (url.endsWith('/session')) return { status: 200, body: { user: { id: 'u1', role, email: 'u@example.com' } } };
  if (url.endsWith('/conversations/unread')) return { status: 200, body: { threads: unreadThreads } };
  if (url.includes('/notifications')) return { status: 200, body: { unread: 0, items: [] } };
  return { status: 200, body: {} };
});

const renderAt = (path: string) => renderRoutes([{ path: '*', element: <TopBar /> }], path);
const current = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('TopBar', () => {
  beforeEach(() => {
    unreadThreads = [];
  });

  it('marks Messages on a thread', async () => {
    role = 'athlete';
    renderAt('/messages/m1');
    await screen.findByRole('link', { name: 'Matches' });
    expect(current()).toEqual(['Messages']);
  });

  it("marks Requests on a request's edit page", async () => {
    role = 'coach';
    renderAt('/coach-requests/r1/edit');
    await screen.findByRole('link', { name: 'Requests' });
    expect(current()).toEqual(['Requests']);
  });

  it('marks nothing on a page outside the sections', async () => {
    role = 'coach';
    renderAt('/coach/athletes/a1');
    await screen.findByRole('link', { name: 'Requests' });
    expect(current()).toEqual([]);
  });

  it('says beside Messages how many conversations hold new messages, and nothing when none do', async () => {
    role = 'agent';
    unreadThreads = [
      { matchId: 'm1', unread: 3 },
      { matchId: 'm2', unread: 1 },
    ];
    renderAt('/agent/players');
    const messages = await screen.findByRole('link', { name: /^Messages, 2 conversations with new messages$/ });
    expect(messages.querySelector('[aria-hidden="true"]')?.textContent).toBe('2');
  });

  it('reads no counts outside a signed-in area', async () => {
    role = 'coach';
    unreadThreads = [{ matchId: 'm1', unread: 1 }];
    renderAt('/pricing');
    await screen.findByRole('link', { name: 'Pricing' });
    expect(screen.queryByText(/conversations? with new messages/)).toBeNull();
    expect(calls.map((c) => c.url)).not.toContain('/api/conversations/unread');
  });
});
