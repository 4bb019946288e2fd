import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { NotificationSettings } from './types.ts';

export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;
export const FETCH_SETTINGS_FALLBACK = 'Unable to load your notification settings';

/** GET /notification-settings: one switch per email kind the signed-in user can receive. */
export function getNotificationSettings() {
  return apiRequest<NotificationSettings>('/notification-settings', { fallback: FETCH_SETTINGS_FALLBACK });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: NOTIFICATION_SETTINGS_KEY, queryFn: getNotificationSettings });
}
