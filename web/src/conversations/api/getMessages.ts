import type { ConversationThread } from '@app/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const FETCH_MESSAGES_FALLBACK = 'Unable to load this conversation';

export const conversationKey = (matchId: string) => ['conversation', matchId] as const;

/** GET /matches/:id/messages?before=: a page of the thread, oldest first; `before` pages back in time. */
export function getMessages(matchId: string, before: string | null, signal?: AbortSignal) {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return apiRequest<ConversationThread>(`/matches/${encodeURIComponent(matchId)}/messages${query}`, { fallback: FETCH_MESSAGES_FALLBACK, signal });
}

/**
 * The thread of a match, newest page first in `pages` (each page oldest message first). The
 * newest page's participants and canSend are the current ones.
 */
export function useMessages(matchId: string) {
  return useInfiniteQuery({
    queryKey: conversationKey(matchId),
    queryFn: ({ pageParam, signal }) => getMessages(matchId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore ? (page.messages[0]?.id ?? undefined) : undefined),
  });
}
