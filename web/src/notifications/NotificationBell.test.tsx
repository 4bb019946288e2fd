// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../auth/api.ts';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { applyNotificationEvent } from './liveEvents.ts';
import { NotificationBell } from './NotificationBell.tsx';
import type { NotificationItem } from './api/types.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, readAt: string | null = null): NotificationItem => ({
  id: id(n),
  kind: 'match_shared',
  title: `Notification ${n}`,
  body: `Body ${n}`,
  link: '/athlete-matches',
  createdAt: new Date(Date.UTC(2026, 10, 23, 12, 0, n)).toISOString(),
  readAt,
});

let handler: (url: string, method: string, body: unknown) => FakeReply | Promise<FakeReply>;
const { calls } = fakeFetchPerTest(({ url, method, body }) => handler(url, method, body));

function setup({ signedIn = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(SESSION_KEY, signedIn ? { id: id(99), role: 'athlete', email: 'lucia@example.com' } : null);
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/athlete-dashboard']}>
          <NotificationBell />
          <Routes>
            <Route path="/athlete-dashboard" element={<p>Dashboard</p>} />
            <Route path="/athlete-matches" element={<p>Matches page</p>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('NotificationBell', () => {
  it('says nothing when signed out, and asks the server nothing', () => {
    handler = () => ({ status: 500 });
    setup({ signedIn: false });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('names the unread count, lists newest first, and marks one read when it is opened', async () => {
    handler = (url, method) =>
      method === 'POST'
        ? { status: 200, body: { unread: 1 } }
        : { status: 200, body: { unread: 2, items: [item(3), item(2), item(1, '2026-11-23T12:00:00.000Z')] } };
    setup();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(calls[0]).toMatchObject({ url: '/api/notifications?limit=20', method: 'GET' });

    fireEvent.click(bell());
    const panel = screen.getByRole('region', { name: /Notifications/ });
    const links = within(panel).getAllByRole('link', { name: /Notification \d/ });
    expect(links.map((l) => l.textContent?.replace(/Body.*/, ''))).toEqual(['Unread: Notification 3', 'Unread: Notification 2', 'Notification 1']);

    fireEvent.click(links[0]);
    await screen.findByText('Matches page');
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ url: '/api/notifications/read', method: 'POST', body: { ids: [id(3)] } }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // The panel closed when the link was followed.
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
  });

  it('marks all read, then has nothing unread', async () => {
    handler = (url, method) => (method === 'POST' ? { status: 200, body: { unread: 0 } } : { status: 200, body: { unread: 2, items: [item(2), item(1)] } });
    setup();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.at(-1)).toEqual({ url: '/api/notifications/read', method: 'POST', body: { all: true } });
    expect(screen.queryByText(/^Unread:/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true);
  });

  it('puts the unread count before the tab title, and takes it away once all are read', async () => {
    handler = (url, method) => (method === 'POST' ? { status: 200, body: { unread: 0 } } : { status: 200, body: { unread: 2, items: [item(2), item(1)] } });
    setup();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const withCount = document.title;
    expect(withCount).toMatch(/^\(2\) \S/);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(document.title).toBe(withCount.slice('(2) '.length));
  });

  it('loads older notifications with before= the last one shown', async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => item(40 - i, '2026-11-23T12:00:00.000Z'));
    handler = (url) =>
      url.includes('before=')
        ? { status: 200, body: { unread: 0, items: [item(5, '2026-11-23T12:00:00.000Z')] } }
        : { status: 200, body: { unread: 0, items: firstPage } };
    setup();
    await screen.findByRole('button', { name: 'Notifications' });
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('Notification 5');
    expect(calls.at(-1)?.url).toBe(`/api/notifications?limit=20&before=${id(21)}`);
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the empty state, and the error with a retry', async () => {
    handler = () => ({ status: 503, body: { message: 'Service unavailable' } });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We couldn’t load your notifications.');
    expect(alert.textContent).toContain('Service unavailable');

    handler = () => ({ status: 200, body: { unread: 0, items: [] } });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('You’re all caught up.');
  });

  it('a live notification raises the count and tops the list at once, then the list is read again', async () => {
    handler = () => ({ status: 200, body: { unread: 0, items: [item(1, '2026-11-23T12:00:00.000Z')] } });
    const { queryClient } = setup();
    await screen.findByRole('button', { name: 'Notifications' });
    fireEvent.click(bell());
    // The refetch the event asks for never answers here: what shows comes from the event.
    handler = () => new Promise<FakeReply>(() => {});
    const before = calls.length;
    act(() => applyNotificationEvent(queryClient, { notification: item(2), unread: 1 }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByRole('status').textContent).toBe('New notification: Notification 2');
    expect(screen.getAllByRole('link', { name: /Notification \d/ }).map((l) => l.textContent?.replace(/Body.*/, ''))).toEqual([
      'Unread: Notification 2',
      'Notification 1',
    ]);
    expect(calls.slice(before).map((c) => c.url)).toEqual(['/api/notifications?limit=20']);
  });

  it('closes on Escape and gives focus back to the bell', async () => {
    handler = () => ({ status: 200, body: { unread: 0, items: [] } });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    expect(document.activeElement).toBe(bell());
  });
});
