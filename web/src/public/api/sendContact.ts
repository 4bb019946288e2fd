import type { ContactMessage } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';

export function sendContact(message: ContactMessage) {
  // 'Something went wrong while sending your message.' when the server gives no message.
  return apiRequest<{ message: string }>('/contact', { method: 'POST', body: message, fallback: i18n.t('public:contact.sendFailed') });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
