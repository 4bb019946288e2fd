import type { ConversationList } from '@app/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const FETCH_CONVERSATIONS_FALLBACK = 'Unable to load your conversations';
/** Read again on a new message (live events, polling) and after the user sends one. */
export const CONVERSATIONS_KEY = ['conversations'] as const;

/** Which conversations the list shows: a name to find (`q`) and whether only those with new messages. */
export interface ConversationFilter {
  q: string;
  unreadOnly: boolean;
}

/** GET /conversations?before=&q=&unread=: a page of the user's threads that hold a message, the most recently active first. */
export function getConversations({ q, unreadOnly }: ConversationFilter, before: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (before) params.set('before', before);
  if (q) params.set('q', q);
  if (unreadOnly) params.set('unread', 'yes');
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest<ConversationList>(`/conversations${query}`, { fallback: FETCH_CONVERSATIONS_FALLBACK, signal });
}

/** The user's conversations, a page at a time; a page's last thread's latest message is where the next one starts. */
export function useConversations(filter: ConversationFilter) {
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_KEY, 'list', filter.q, filter.unreadOnly],
    queryFn: ({ pageParam, signal }) => getConversations(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore ? (page.conversations.at(-1)?.lastMessage.id ?? undefined) : undefined),
    // A new search or filter keeps the list on screen (marked busy) until its answer comes.
    placeholderData: keepPreviousData,
  });
}
