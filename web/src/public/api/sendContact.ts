import type { ContactMessage } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const CONTACT_SEND_FALLBACK = 'Something went wrong while sending your message.';

export function sendContact(message: ContactMessage) {
  return apiRequest<{ message: string }>('/contact', { method: 'POST', body: message, fallback: CONTACT_SEND_FALLBACK });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
