import type { ConversationMessage } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { NOTIFICATIONS_KEY } from '../../notifications/api/getNotifications.ts';
import { CONVERSATIONS_KEY } from './getConversations.ts';
import { conversationKey } from './getMessages.ts';

export const SEND_MESSAGE_FALLBACK = 'Unable to send your message';

/** POST /matches/:id/messages { body } -> 201 with the message (409 before acceptance, 429 over the daily limit). */
export function sendMessage({ matchId, body }: { matchId: string; body: string }) {
  return apiRequest<ConversationMessage>(`/matches/${encodeURIComponent(matchId)}/messages`, {
    method: 'POST',
    body: { body },
    fallback: SEND_MESSAGE_FALLBACK,
  });
}

export function useSendMessage(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage({ matchId, body }),
    // The thread and the lists show the message; the server marked the sender's new messages of
    // the thread read, so the bell's count and the threads' counts may fall too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKey(matchId) }),
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
      ]),
  });
}
