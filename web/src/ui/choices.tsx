import { useId, type ReactNode } from 'react';
import { describedBy, FieldMessages } from './form.tsx';
import './widgets.css';

type Option = string | { value: string; label: ReactNode; disabled?: boolean };
const norm = (o: Option) => (typeof o === 'string' ? { value: o, label: o, disabled: false } : o);

/**
 * A labelled group of chips (checkboxes, radios or toggle buttons) with its hint and error.
 * `radio` makes it a radiogroup.
 */
export function ChoiceFieldset({
  legend,
  error,
  hint,
  radio,
  children,
}: {
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  radio?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={`field choice-group ${error ? 'field-invalid' : ''}`}
      role={radio ? 'radiogroup' : undefined}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="chips">{children}</div>
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** Several choices as checkbox chips in a labelled group. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  name,
}: {
  legend: ReactNode;
  options: readonly Option[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: ReactNode;
  name?: string;
}) {
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <ChoiceFieldset legend={legend} error={error} hint={hint}>
      {options.map(norm).map((o) => (
        <label key={o.value} className="chip">
          <input
            type="checkbox"
            name={name}
            value={o.value}
            checked={value.includes(o.value)}
            disabled={o.disabled}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />
          {o.label}
        </label>
      ))}
    </ChoiceFieldset>
  );
}

/** One choice of a few, as radio chips in a labelled group. */
export function RadioGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  name,
}: {
  legend: ReactNode;
  options: readonly Option[];
  value: string;
  onChange: (next: string) => void;
  error?: string;
  hint?: ReactNode;
  name: string;
}) {
  return (
    <ChoiceFieldset legend={legend} error={error} hint={hint} radio>
      {options.map(norm).map((o) => (
        <label key={o.value} className="chip">
          <input type="radio" name={name} value={o.value} checked={value === o.value} disabled={o.disabled} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </ChoiceFieldset>
  );
}

/** An on/off switch (a checkbox with role="switch"). */
export function Toggle({ label, checked, onChange, hint }: { label: ReactNode; checked: boolean; onChange: (next: boolean) => void; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="toggle-field">
      <label className="toggle" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <span className="toggle-track" aria-hidden="true">
          <span className="toggle-thumb" />
        </span>
        <span className="toggle-label">{label}</span>
      </label>
      <FieldMessages id={id} hint={hint} />
    </div>
  );
}
