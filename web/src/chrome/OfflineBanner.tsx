import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Says so while the browser is offline: the app's reads wait for the connection then (React
 * Query pauses them), and a page would otherwise sit on "Loading…" with no reason given. Gone
 * once the connection is back, when the paused reads run.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
  return (
    <div role="status" aria-live="polite" className={online ? 'sr-only' : 'offline-banner'}>
      {!online && t('errors.offline')}
    </div>
  );
}
