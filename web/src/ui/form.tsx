import { SEARCH_MAX, searchTextSchema } from '@app/domain';
import { ApiError } from '../api/client.ts';
import { localizeMessage } from '../i18n/messages.ts';
import {
  useEffect,
  useId,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** Labelled form controls with an accessible error line. One home for field markup. */
interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
  className?: string;
}

/** The aria-describedby of a field with id `id`: its error line, then its hint (those it has). */
export function describedBy(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and error lines, with the ids `describedBy` names; the error is announced when it appears. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {localizeMessage(error)}
        </p>
      )}
    </>
  );
}

export function FieldShell({ label, error, hint, children, className }: FieldShellProps) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, describedBy: describedBy(id, hint, error), invalid: Boolean(error) })}
      <FieldMessages id={id} hint={hint} error={error} />
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

/**
 * A number, typed as text with a numeric keyboard (`inputMode`). A `type="number"` input reads
 * what is typed by its browser's language: in an English Chromium "7,5" (a Spanish 7.5) became 75,
 * and "72,5" kg 725; other browsers give the page nothing for it. Its arrows and scroll wheel also
 * change a value by accident. The schemas read the text (domain numberFromText: a decimal comma
 * too) and say what is wrong with it, ranges included.
 */
export function NumberField({ decimal = false, ...props }: Omit<TextFieldProps, 'type' | 'inputMode' | 'min' | 'max' | 'step'> & { decimal?: boolean }) {
  return <TextField {...props} type="text" inputMode={decimal ? 'decimal' : 'numeric'} />;
}

/** A search box that takes as many characters as the API's search does (SEARCH_MAX); `onChange` gets the text. */
export function SearchInput({ onChange, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { onChange: (text: string) => void }) {
  return <input className="input" type="search" maxLength={SEARCH_MAX} onChange={(e) => onChange(e.target.value)} {...input} />;
}

/**
 * A name search of a list whose view lives in the URL: sent with its button or Enter, checked
 * against the server's rule first (a refused search is said at the box and asks nothing), and
 * following the URL's `value` when Back or Forward moves it. `onSearch` gets the trimmed text, or
 * null for an empty box (the whole list).
 */
export function SearchForm({
  label,
  placeholder,
  submitLabel,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  submitLabel: string;
  value: string;
  onSearch: (q: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(value);
    setError(null);
  }, [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = searchTextSchema.safeParse(text);
    setError(checked.success ? null : checked.error.issues[0].message);
    if (checked.success) onSearch(checked.data || null);
  };
  return (
    <form role="search" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-q`} className="field-label">
        {label}
      </label>
      <div className="search-row">
        <SearchInput
          id={`${id}-q`}
          value={text}
          onChange={setText}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-q`, null, error)}
        />
        <button type="submit" className="btn btn-primary btn-sm">
          {submitLabel}
        </button>
      </div>
      <FieldMessages id={`${id}-q`} error={error} />
    </form>
  );
}

/** A web address: the URL keyboard on phones, and the browser's own URL autofill. */
export function UrlField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="url" inputMode="url" {...props} />;
}

type TextAreaFieldProps = { label: ReactNode; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>;
export function TextAreaField({ label, error, hint, className, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} className="input textarea" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...input} />
      )}
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

/**
 * A refused request's message at the form field it is about: by the answer's code (`fieldOfCode`,
 * e.g. currentPasswordWrong -> currentPassword), else by the field errors it carries; null when it
 * names no field (the form then shows it on its own).
 */
export function fieldErrorsOf(error: Error, fieldOfCode: Readonly<Record<string, string>> = {}): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.coded ? fieldOfCode[error.coded.code] : undefined;
  if (field) return { [field]: error.message };
  return error.errors ? firstErrorByField(error.errors) : null;
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

/** A text box's keydown handler that sends its form with Ctrl/⌘+Enter (Enter alone writes a new line). */
export const submitOnCtrlEnter = (submit: () => void) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
};
