import type { NotificationRead } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { CONVERSATIONS_KEY } from '../../conversations/api/getConversations.ts';
import { threadOfLink } from '../unreadThreads.ts';
import { NOTIFICATIONS_KEY, type NotificationPages } from './getNotifications.ts';
import type { NotificationItem } from './types.ts';

export const MARK_READ_FALLBACK = 'Unable to mark notifications as read';

/** The request body, as the domain's schema reads it. */
export type MarkRead = NotificationRead;

/** POST /notifications/read with { ids }, { thread } or { all: true } -> the new unread count. */
export function markNotificationsRead(body: MarkRead) {
  return apiRequest<{ unread: number }>('/notifications/read', { method: 'POST', body, fallback: MARK_READ_FALLBACK });
}

/** Marks read, then writes the server's count and the read times into the cached list. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unread }, body) => {
      const now = new Date().toISOString();
      const ids = 'ids' in body ? new Set(body.ids) : null;
      const thread = 'thread' in body ? body.thread : null;
      const marked = (item: NotificationItem) =>
        !item.readAt && (thread ? item.kind === 'message' && threadOfLink(item.link) === thread : !ids || ids.has(item.id));
      queryClient.setQueryData<NotificationPages>(NOTIFICATIONS_KEY, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, index) => ({
                unread: index === 0 ? unread : page.unread,
                items: page.items.map((item) => (marked(item) ? { ...item, readAt: now } : item)),
              })),
            }
          : data,
      );
      // The threads' new-message counts (the conversation list's, the match cards' markers) fall
      // with them: marked by thread, by id or all, message notifications may be among them.
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}
