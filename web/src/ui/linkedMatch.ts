import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A notification's link names its match (`/athlete-matches?match=<id>`,
 * `/agent-dashboard?view=hub&match=<id>`): the page marks that match's card and brings it into
 * view and focus when it is shown, so the reader lands on what the notification was about.
 */
export function useLinkedMatch(): { linkedId: string | null; cardRef: (card: HTMLElement | null) => void } {
  const [params] = useSearchParams();
  const linkedId = params.get('match');
  // A ref callback: runs when the linked card is rendered (after the list has loaded).
  const cardRef = useCallback((card: HTMLElement | null) => {
    if (!card) return;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  }, []);
  return { linkedId, cardRef };
}
