import { useEffect } from 'react';
import './widgets.css';
import { Link, useNavigate } from 'react-router-dom';

/** A neighbour in a list: where it opens (with the list's state for its page), the word on the button and the link's full name. */
export interface ListStep {
  to: string;
  state: unknown;
  word: string;
  name: string;
}

/**
 * The previous and next items of the list a page was opened from, and where this one stands in it
 * (a coach's ranked list, an agent's roster). A step replaces the address, so Back returns to the
 * list. The arrow keys step too, for someone going through a list; typing (a note, a field) and
 * dialogs keep theirs. On a phone the arrows stand alone (the link's name still says where it goes).
 */
export function ListStepper({ label, place, previous, next }: { label: string; place: string; previous?: ListStep; next?: ListStep }) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const step = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!step) return;
      event.preventDefault();
      void navigate(step.to, { replace: true, state: step.state });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [previous, next, navigate]);
  const link = (step: ListStep, arrow: 'previous' | 'next') => (
    <Link
      to={step.to}
      state={step.state}
      replace
      className="btn btn-outline btn-sm"
      aria-label={step.name}
      aria-keyshortcuts={arrow === 'previous' ? 'ArrowLeft' : 'ArrowRight'}
    >
      {arrow === 'previous' && <span aria-hidden="true">←</span>}
      <span className="step-word">{step.word}</span>
      {arrow === 'next' && <span aria-hidden="true">→</span>}
    </Link>
  );
  return (
    <nav className="list-stepper" aria-label={label}>
      {previous && link(previous, 'previous')}
      <span className="muted">{place}</span>
      {next && link(next, 'next')}
    </nav>
  );
}
