import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Blocker } from 'react-router-dom';
import { ConfirmDialog } from './Modal.tsx';

/** The dialog's English texts (tests find it by them); it shows the `common` catalog's in the app's language. */
export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_MESSAGE = 'You have unsaved changes on this page. If you leave now, they will be lost.';
export const LEAVE_CONFIRM = 'Leave without saving';

/**
 * Guards unsaved changes while `dirty`: an in-app navigation to another page is held until the
 * user confirms (render `<LeaveDialog blocker={…} />`), and closing or reloading the tab asks
 * the browser's own question. `release()` lets the next navigation through at once (call it
 * after a successful save, before navigating away: the new `dirty` is only seen on the next
 * render).
 */
export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useLayoutEffect(() => {
    // A form that is clean again (e.g. reset to what was saved) is guarded again from its next change.
    if (!dirty) released.current = false;
    dirtyRef.current = dirty && !released.current;
  }, [dirty]);

  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
    dirtyRef.current = false;
  }, []);
  return { blocker, release };
}

/** The question asked when leaving a page with unsaved changes; Cancel (focused first) stays, confirming calls `onLeave` and goes. */
export function LeaveDialog({ blocker, onLeave }: { blocker: Blocker; onLeave?: () => void }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={t('leave.title')}
      message={t('leave.message')}
      confirmLabel={t('leave.confirm')}
      danger
      onConfirm={() => {
        onLeave?.();
        blocker.proceed();
      }}
      onCancel={() => blocker.reset()}
    />
  );
}
