import { apiRequest } from '../../api/client.ts';

export const SEND_CODE_FALLBACK = 'Unable to send verification code.';
export const CODE_SENT = 'Verification code sent!';

/** POST /{athlete|coach}/send-verification-code: mails a 6-digit code to the address. */
export function sendVerificationCode(role: 'athlete' | 'coach', email: string) {
  return apiRequest<{ message?: string }>(`/${role}/send-verification-code`, { method: 'POST', body: { email }, fallback: SEND_CODE_FALLBACK });
}

/** POST /agent/send-verification-code: the address must be at the agency's email domain (decision A10). */
export function sendAgentVerificationCode(email: string, agency: string) {
  return apiRequest<{ message?: string }>('/agent/send-verification-code', { method: 'POST', body: { email, agency }, fallback: SEND_CODE_FALLBACK });
}
