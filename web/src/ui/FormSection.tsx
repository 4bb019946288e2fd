import { useId, type ReactNode } from 'react';
import './widgets.css';

/** One titled section of a long form: the title and a short description beside the fields. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card form-section" aria-labelledby={id}>
      <div className="form-section-head">
        <h2 id={id}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </div>
      <div className="form">{children}</div>
    </section>
  );
}
