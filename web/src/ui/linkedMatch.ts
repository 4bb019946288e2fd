import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A notification's link names its match (`/athlete-matches?match=<id>`,
 * `/agent-dashboard?view=hub&match=<id>`, `/coach-requests?request=<id>&match=<id>`): the page
 * marks that match's card and brings it into view and focus when it is shown, so the reader lands
 * on what the notification was about.
 */
export interface LinkedMatch {
  linkedId: string | null;
  /** A card's attributes: its class, and for the linked card the mark, focusability and a ref that brings it into view. */
  cardProps: (
    matchId: string,
    className: string,
  ) => { className: string; ref?: (card: HTMLElement | null) => void; 'aria-current'?: 'true'; tabIndex?: number };
}

export function useLinkedMatch(): LinkedMatch {
  const [params] = useSearchParams();
  const linkedId = params.get('match');
  // A ref callback: runs when the linked card is rendered (after the list has loaded).
  const bringIntoView = useCallback((card: HTMLElement | null) => {
    if (!card) return;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  }, []);
  const cardProps = (matchId: string, className: string) =>
    matchId === linkedId ? { className: `${className} is-linked`, ref: bringIntoView, 'aria-current': 'true' as const, tabIndex: -1 } : { className };
  return { linkedId, cardProps };
}
