import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_DEFAULT } from '@app/domain';
import { apiRequest } from '../../api/client.ts';
import type { NotificationsPage } from './types.ts';

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATIONS_PAGE_SIZE = NOTIFICATION_PAGE_DEFAULT;
export const FETCH_NOTIFICATIONS_FALLBACK = 'Unable to load your notifications';

export type NotificationPages = InfiniteData<NotificationsPage, string | null>;

/** GET /notifications?limit=&before=: the newest first, `before` the id of the last one shown. */
export function getNotifications(before: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (before) query.set('before', before);
  return apiRequest<NotificationsPage>(`/notifications?${query}`, { fallback: FETCH_NOTIFICATIONS_FALLBACK, signal });
}

/**
 * The signed-in user's notifications, page by page; the first page's `unread` is the bell's
 * count. `pollMs` is set while the live stream is down (the fallback).
 */
export function useNotifications({ enabled = true, pollMs }: { enabled?: boolean; pollMs?: number | false } = {}) {
  return useInfiniteQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.items.length < NOTIFICATIONS_PAGE_SIZE ? undefined : (last.items[last.items.length - 1]?.id ?? undefined)),
    enabled,
    refetchInterval: pollMs ?? false,
  });
}

/** The unread count held in the cache (the first page's, which is the newest answer). */
export function unreadOf(data: { pages: NotificationsPage[] } | undefined): number {
  return data?.pages[0]?.unread ?? 0;
}
