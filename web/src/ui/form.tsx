import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** Labelled form controls with an accessible error line. One home for field markup. */
interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
  className?: string;
}

export function FieldShell({ label, error, hint, children, className }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = { label: ReactNode; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => <input id={id} className="input" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />}
    </FieldShell>
  );
}

type TextAreaFieldProps = { label: ReactNode; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>;
export function TextAreaField({ label, error, hint, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => <textarea id={id} className="input textarea" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />}
    </FieldShell>
  );
}

type SelectFieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<string | { value: string; label: string; disabled?: boolean }>;
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>;
export function SelectField({ label, error, hint, options, placeholder, className, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className="input select" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const opt = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={opt.value} value={opt.value} disabled={opt.disabled}>
                {opt.label}
              </option>
            );
          })}
        </select>
      )}
    </FieldShell>
  );
}

/** Maps zod issues (or server `errors`) to a field -> first message record. */
export function firstErrorByField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
