import { useId, useState, type ReactNode } from 'react';

/**
 * On a phone, content folded behind a button that names it ("Filters (2)"); on wider screens the
 * content always shows and the button does not (widgets.css: 600 px, where the roster's cards turn
 * compact). For what a phone user would otherwise scroll past on every visit before reaching a list:
 * a request's details, a list's filters. Folded until opened; it stays as the user left it while
 * the page is open.
 */
export function PhoneFold({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm phone-fold-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span className="chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {label}
      </button>
      <div id={id} className={open ? 'phone-fold' : 'phone-fold is-folded'}>
        {children}
      </div>
    </>
  );
}
