import type { ConversationList } from '@app/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const FETCH_CONVERSATIONS_FALLBACK = 'Unable to load your conversations';
/** Read again on a new message (live events, polling) and after the user sends one. */
export const CONVERSATIONS_KEY = ['conversations'] as const;

/** GET /conversations?before=: a page of the user's threads that hold a message, the most recently active first. */
export function getConversations(before: string | null, signal?: AbortSignal) {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return apiRequest<ConversationList>(`/conversations${query}`, { fallback: FETCH_CONVERSATIONS_FALLBACK, signal });
}

/** The user's conversations, a page at a time; a page's last thread's latest message is where the next one starts. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore ? (page.conversations.at(-1)?.lastMessage.id ?? undefined) : undefined),
  });
}
