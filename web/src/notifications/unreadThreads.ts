import { useNotifications } from './api/getNotifications.ts';
import type { NotificationItem } from './api/types.ts';

/** '/messages/<matchId>' -> the match id, else null. */
export function threadOfLink(link: string): string | null {
  return /^\/messages\/([^/?#]+)/.exec(link)?.[1] ?? null;
}

/**
 * The unread 'message' notifications (of the pages loaded) by thread: a thread's unread marker
 * and how many of its newest messages the user has not seen. It reads what the bell loaded (and
 * the live events keep current) without fetching on its own.
 */
export function useUnreadThreads(): Map<string, NotificationItem[]> {
  const notifications = useNotifications({ enabled: false });
  const byThread = new Map<string, NotificationItem[]>();
  for (const item of notifications.data?.pages.flatMap((page) => page.items) ?? []) {
    if (item.kind !== 'message' || item.readAt) continue;
    const thread = threadOfLink(item.link);
    if (thread) byThread.set(thread, [...(byThread.get(thread) ?? []), item]);
  }
  return byThread;
}
