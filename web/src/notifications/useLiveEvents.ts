import { LIVE_EVENT_NAMES, type LiveEventData } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EVENTS_URL, LIVE_EVENT_HANDLERS, refreshWithoutStream } from './liveEvents.ts';

/** While the stream is down, what it would have refreshed is read again this often. */
export const POLL_FALLBACK_MS = 30_000;
/** After the server closed the stream for good (e.g. 4xx), it is opened again this much later. */
export const RECONNECT_MS = 30_000;

export type LiveStatus = 'connecting' | 'open' | 'polling';

/**
 * The signed-in user's live events (GET /api/events). The browser reconnects a dropped stream by
 * itself, sending Last-Event-ID so the server replays what was missed; a stream the server
 * refused is opened again after RECONNECT_MS. Whenever it is not open, the fallback polls.
 * `userId` null: signed out, nothing is opened.
 */
export function useLiveEvents(userId: string | null): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!userId) return;
    if (typeof EventSource === 'undefined') {
      setStatus('polling');
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wasDown = false;

    const open = () => {
      setStatus('connecting');
      const es = new EventSource(EVENTS_URL, { withCredentials: true });
      source = es;
      es.onopen = () => {
        setStatus('open');
        // Back after an outage: what changed meanwhile is read again (a fresh EventSource has no
        // Last-Event-ID to resume from).
        if (wasDown) refreshWithoutStream(queryClient);
        wasDown = false;
      };
      es.onerror = () => {
        wasDown = true;
        setStatus('polling');
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          retry = setTimeout(open, RECONNECT_MS);
        }
      };
      for (const name of LIVE_EVENT_NAMES) {
        es.addEventListener(name, (event) => {
          let data: unknown;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return; // Not ours to act on; the next poll or event brings the state.
          }
          (LIVE_EVENT_HANDLERS[name] as (client: typeof queryClient, payload: LiveEventData[typeof name]) => void)(
            queryClient,
            data as LiveEventData[typeof name],
          );
        });
      }
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [userId, queryClient]);

  useEffect(() => {
    if (!userId || status === 'open') return;
    const timer = setInterval(() => refreshWithoutStream(queryClient), POLL_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [userId, status, queryClient]);

  return userId ? status : 'connecting';
}
