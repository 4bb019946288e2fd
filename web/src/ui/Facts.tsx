import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './widgets.css';

/** Label/value pairs (a description list); absent values read 'Not provided'. */
export function Facts({ items, className }: { items: Array<[string, ReactNode]>; className?: string }) {
  const { t } = useTranslation();
  return (
    <dl className={className ? `facts ${className}` : 'facts'}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === undefined || value === null || value === '' ? <span className="muted">{t('states.notProvided')}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
