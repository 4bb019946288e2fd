// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_KEY } from './api/getNotifications.ts';
import { POLL_FALLBACK_MS, RECONNECT_MS, useLiveEvents, type LiveStatus } from './useLiveEvents.ts';

const REQUEST = '11111111-1111-4111-8111-111111111111';
const MATCH = '33333333-3333-4333-8333-333333333333';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

let status: LiveStatus;
function Probe({ userId }: { userId: string | null }) {
  // eslint-disable-next-line react-hooks/globals -- the probe hands the hook's answer to the test
  status = useLiveEvents(userId);
  return null;
}

function setup(userId: string | null = 'user-1') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Data a signed-in page may hold; 'stale' says whether a change marked it to be read again.
  const keys = [
    ['athlete', 'matches'],
    ['agent', 'matches'],
    ['agent', 'athletes', 'athlete-1'],
    ['coach', 'athletes', 'athlete-1'],
    ['coach', 'requests', REQUEST, 'matches', 'top15'],
    ['coach', 'requests', 'other-request', 'matches', 'top15'],
    ['conversation', MATCH],
  ];
  for (const key of keys) queryClient.setQueryData(key, {});
  queryClient.setQueryData(NOTIFICATIONS_KEY, { pages: [{ unread: 0, items: [] }], pageParams: [null] });
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  render(
    <QueryClientProvider client={queryClient}>
      <Probe userId={userId} />
    </QueryClientProvider>,
  );
  return { queryClient, stale };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const notification = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'message',
  title: 'New message from Dana Reyes',
  body: 'Hi',
  link: `/messages/${MATCH}`,
  createdAt: '2026-11-23T12:00:00.000Z',
  readAt: null,
};

describe('useLiveEvents', () => {
  it('opens nothing when signed out', () => {
    setup(null);
    expect(FakeEventSource.instances).toEqual([]);
  });

  it('opens one stream with the session cookie and applies each event to the cache', () => {
    const { queryClient, stale } = setup();
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0];
    expect(source.url).toBe('/api/events');
    expect(source.init).toEqual({ withCredentials: true });
    act(() => source.open());
    expect(status).toBe('open');

    act(() => source.emit('notification', { notification, unread: 4 }));
    const data = queryClient.getQueryData<{ pages: Array<{ unread: number; items: unknown[] }> }>(NOTIFICATIONS_KEY)!;
    expect(data.pages[0]).toEqual({ unread: 4, items: [notification] });
    // A message notification: its thread is read again.
    expect(stale(['conversation', MATCH])).toBe(true);
    expect(stale(['athlete', 'matches'])).toBe(false);

    act(() => source.emit('match', { matchId: MATCH, requestId: REQUEST, status: 'accepted' }));
    expect(stale(['athlete', 'matches'])).toBe(true);
    expect(stale(['agent', 'matches'])).toBe(true);
    // An agent's player page lists that player's matches.
    expect(stale(['agent', 'athletes', 'athlete-1'])).toBe(true);
    expect(stale(['coach', 'requests', REQUEST, 'matches', 'top15'])).toBe(true);
    expect(stale(['coach', 'requests', 'other-request', 'matches', 'top15'])).toBe(false);
  });

  it('a ranked-list event makes only that request’s lists stale', () => {
    const { stale } = setup();
    const source = FakeEventSource.instances[0];
    act(() => source.open());
    act(() => source.emit('ranked-list', { requestId: REQUEST, state: 'changed' }));
    expect(stale(['coach', 'requests', REQUEST, 'matches', 'top15'])).toBe(true);
    expect(stale(['coach', 'requests', 'other-request', 'matches', 'top15'])).toBe(false);
    expect(stale(['athlete', 'matches'])).toBe(false);
  });

  it('ignores an event whose data is not JSON', () => {
    const { queryClient } = setup();
    const source = FakeEventSource.instances[0];
    act(() => source.open());
    const before = queryClient.getQueryData(NOTIFICATIONS_KEY);
    // Sent raw, not JSON-encoded.
    act(() =>
      (source as unknown as { listeners: Map<string, Array<(e: MessageEvent) => void>> }).listeners.get('notification')![0](
        new MessageEvent('notification', { data: 'not json' }),
      ),
    );
    expect(queryClient.getQueryData(NOTIFICATIONS_KEY)).toBe(before);
  });

  it('polls while the stream is refused, opens it again later, and stops polling once it is back', () => {
    const { stale, queryClient } = setup();
    const first = FakeEventSource.instances[0];
    act(() => first.fail(FakeEventSource.CLOSED));
    expect(status).toBe('polling');
    expect(first.closed).toBe(true);
    expect(stale(NOTIFICATIONS_KEY)).toBe(false);

    act(() => {
      vi.advanceTimersByTime(POLL_FALLBACK_MS);
    });
    expect(stale(NOTIFICATIONS_KEY)).toBe(true);
    expect(stale(['athlete', 'matches'])).toBe(true);
    expect(stale(['conversation', MATCH])).toBe(true);
    expect(stale(['agent', 'athletes', 'athlete-1'])).toBe(true);
    // A coach's view of an athlete has no match status on it.
    expect(stale(['coach', 'athletes', 'athlete-1'])).toBe(false);

    // The stream is tried again, and once open the polling stops.
    act(() => {
      vi.advanceTimersByTime(RECONNECT_MS - POLL_FALLBACK_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.instances[1];
    act(() => second.open());
    expect(status).toBe('open');
    queryClient.setQueryData(['athlete', 'matches'], {});
    act(() => {
      vi.advanceTimersByTime(POLL_FALLBACK_MS * 3);
    });
    expect(stale(['athlete', 'matches'])).toBe(false);
  });

  it('closes the stream when the page goes away', () => {
    setup();
    const source = FakeEventSource.instances[0];
    cleanup();
    expect(source.closed).toBe(true);
  });
});
