import type { ReactNode } from 'react';
import './widgets.css';

/** Label/value pairs (a description list); absent values read 'Not provided'. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === undefined || value === null || value === '' ? <span className="muted">Not provided</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
