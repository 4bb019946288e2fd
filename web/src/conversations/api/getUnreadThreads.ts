import type { UnreadThreads } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { CONVERSATIONS_KEY } from './getConversations.ts';

export const FETCH_UNREAD_THREADS_FALLBACK = 'Unable to load your new messages';
/**
 * Under the conversations' key: whatever reads the list of conversations again (a new message
 * live or by polling, a thread marked read) reads the counts again too.
 */
export const UNREAD_THREADS_KEY = [...CONVERSATIONS_KEY, 'unread'] as const;

/** GET /conversations/unread: the user's threads with messages new to them, and how many each. */
export function getUnreadThreads(signal?: AbortSignal) {
  return apiRequest<UnreadThreads>('/conversations/unread', { fallback: FETCH_UNREAD_THREADS_FALLBACK, signal });
}

const NONE: ReadonlyMap<string, number> = new Map();
const byThread = (data: UnreadThreads): ReadonlyMap<string, number> => new Map(data.threads.map((t) => [t.matchId, t.unread]));

/**
 * How many messages of each thread (by match id) are new to the user: the marker on a match
 * card's way into its thread and on the top bar's Messages. Counted by the server, so it holds
 * however many notifications the bell has loaded. Until it is read (or if it cannot be), no
 * thread is marked. Live events and the polling fallback read it again on a new message (its
 * key is under the conversations'), so moving between pages need not.
 */
export function useUnreadThreads({ enabled = true }: { enabled?: boolean } = {}): ReadonlyMap<string, number> {
  const query = useQuery({
    queryKey: UNREAD_THREADS_KEY,
    queryFn: ({ signal }) => getUnreadThreads(signal),
    select: byThread,
    enabled,
    staleTime: 30_000,
  });
  return query.data ?? NONE;
}
