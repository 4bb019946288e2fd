import type { ConversationList } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const FETCH_CONVERSATIONS_FALLBACK = 'Unable to load your conversations';
/** Read again on a new message (live events, polling) and after the user sends one. */
export const CONVERSATIONS_KEY = ['conversations'] as const;

/** GET /conversations: the user's threads that hold a message, the most recently active first. */
export function getConversations(signal?: AbortSignal) {
  return apiRequest<ConversationList>('/conversations', { fallback: FETCH_CONVERSATIONS_FALLBACK, signal });
}

export function useConversations() {
  return useQuery({ queryKey: CONVERSATIONS_KEY, queryFn: ({ signal }) => getConversations(signal) });
}
