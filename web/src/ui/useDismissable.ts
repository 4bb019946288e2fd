import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * While a top-bar panel or menu is open, a pointer press outside `rootRef` closes it, and Escape
 * closes it and puts focus back on the element `focusOnEscape` returns (its toggle button).
 */
export function useDismissable(
  open: boolean,
  setOpen: (open: boolean) => void,
  rootRef: RefObject<HTMLElement | null>,
  focusOnEscape: () => HTMLElement | null | undefined,
) {
  // The latest callback, without re-binding the document listeners on every render.
  const focusRef = useRef(focusOnEscape);
  useLayoutEffect(() => {
    focusRef.current = focusOnEscape;
  });
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        focusRef.current()?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen, rootRef]);
}
