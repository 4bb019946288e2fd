import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { NOTIFICATION_SETTINGS_KEY } from './getNotificationSettings.ts';
import type { NotificationSettings } from './types.ts';

export const SAVE_SETTINGS_FALLBACK = 'Unable to save your notification settings';

/** PUT /notification-settings: answers the settings as saved. */
export function updateNotificationSettings(settings: NotificationSettings) {
  return apiRequest<NotificationSettings>('/notification-settings', { method: 'PUT', body: settings, fallback: SAVE_SETTINGS_FALLBACK });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, saved),
  });
}
