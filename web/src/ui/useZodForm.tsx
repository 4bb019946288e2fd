import { toNestErrors } from '@hookform/resolvers';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, firstErrorByField } from './form.tsx';
import { draftValuesFor, dropDraft, readDraft, writeDraft } from './formDraft.ts';
import { LeaveDialog, useLeaveGuard } from './LeaveGuard.tsx';

/** The first focusable control of a field in error, in page order (choice groups mark the fieldset). */
const FIRST_INVALID = '.field-invalid :is(input, select, textarea, button):not([disabled]), :is(input, select, textarea)[aria-invalid="true"]:not([disabled])';

/** Takes the user to the first field in error of `form` (after a failed submit). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>(FIRST_INVALID);
  invalid?.focus();
  invalid?.scrollIntoView?.({ block: 'center' });
}

type FieldKey<TValues> = keyof TValues & string;

export interface ZodFormOptions<TValues extends FieldValues, TParsed> {
  /** The values the inputs start with (text for numbers, as typed). */
  defaultValues: TValues;
  /** The domain's schema the form is checked with; its messages are shown next to the fields. */
  schema: z.ZodType<TParsed>;
  /** What the schema parses, when it is not the values as they are (e.g. the request payload). */
  toInput?: (values: TValues) => unknown;
  /** Submit checks outside the schema, field -> message; they win over the schema's message for that field. */
  check?: (values: TValues) => Record<string, string>;
  /**
   * Keeps unsaved changes as a draft of `owner` (the signed-in user) in the tab (formDraft.ts),
   * brought back when the form opens again, e.g. after an ended session's sign-in. Never kept:
   * `omit` (secrets, agreements to tick again) and `pictures` (too large; the notice says to pick
   * them again). Dropped on save, on "Leave without saving" and on discard.
   */
  draft?: { key: string; owner: string | undefined; omit?: readonly FieldKey<TValues>[]; pictures?: readonly FieldKey<TValues>[] };
}

/** RHF's nested errors as field path -> message ('externalLinks.0.url'), the shape the pages show. */
export function flattenErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object' || key === 'ref') continue;
    const path = key === 'root' && prefix ? prefix : prefix ? `${prefix}.${key}` : key;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && !(path in out)) out[path] = message;
    Object.assign(out, Object.fromEntries(Object.entries(flattenErrors(node as FieldErrors, path)).filter(([k]) => !(k in out))));
  }
  return out;
}

/**
 * One form over a domain zod schema (react-hook-form underneath):
 * - errors appear on submit, one per field (the schema's first message, or `check`'s), and each
 *   edit clears its own field's error (no re-validation while typing);
 * - after a failed submit (or server field errors) the first field in error is focused;
 * - a valid submit passes the schema's parsed output; values are never cleared on failure;
 * - leaving the page with unsaved changes asks first (`leaveDialog`), until `saved()`;
 * - with `draft`, unsaved changes outlive the page (`draftNotice` says when they were brought back).
 */
export function useZodForm<TValues extends FieldValues, TParsed>({ defaultValues, schema, toInput, check, draft }: ZodFormOptions<TValues, TParsed>) {
  // The domain's own messages, first per field (firstErrorByField): @hookform/resolvers' zodResolver
  // would show a union branch's generic message instead of the union's (e.g. "Select your league").
  const resolver: Resolver<TValues, unknown, TParsed> = async (values, _context, options) => {
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    const messages = { ...(parsed.success ? {} : firstErrorByField(parsed.error.issues)), ...check?.(values) };
    if (Object.keys(messages).length === 0 && parsed.success) return { values: parsed.data, errors: {} };
    const fieldErrors = Object.fromEntries(Object.entries(messages).map(([path, message]) => [path, { type: 'validate', message }]));
    return { values: {}, errors: toNestErrors<TValues>(fieldErrors, options) };
  };
  const form = useForm<TValues, unknown, TParsed>({
    defaultValues: defaultValues as DefaultValues<TValues>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // eslint-disable-next-line react-hooks/incompatible-library, @typescript-eslint/no-unnecessary-type-assertion -- no React Compiler here; watch() types the whole form loosely
  const values = form.watch() as TValues;
  const errors = flattenErrors(form.formState.errors);
  const { isDirty } = form.formState;
  const guard = useLeaveGuard(isDirty);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  /** Where this form's draft is kept: nowhere without a draft key and a signed-in owner. */
  const drafting = draft?.owner ? { key: draft.key, owner: draft.owner } : null;
  const draftPictures: readonly string[] = draft?.pictures ?? [];
  /** Set when a draft was brought back: whether pictures the user had picked were not kept. */
  const [restored, setRestored] = useState<{ picturesDropped: boolean } | null>(null);

  // Brings a kept draft back once, as changes over the defaults (so saving or leaving works as if typed).
  useEffect(() => {
    if (!drafting) return;
    const stored = readDraft(drafting.key, drafting.owner);
    if (!stored) return;
    const values = draftValuesFor(defaultValues, stored);
    const next = { ...form.getValues(), ...values };
    if (JSON.stringify(next) === JSON.stringify(form.getValues())) return;
    form.reset(next, { keepDefaultValues: true });
    setRestored({ picturesDropped: stored.omitted.some((field) => draftPictures.includes(field)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form and owner; the defaults are the form's first ones
  }, [drafting?.key, drafting?.owner]);

  // Kept while there are unsaved changes; a form changed back to what was saved keeps none.
  useEffect(() => {
    if (!drafting) return;
    if (isDirty) writeDraft(drafting.key, drafting.owner, values, [...(draft?.omit ?? []), ...draftPictures]);
    else dropDraft(drafting.key);
  });

  // After a failed submit the first field in error takes the focus, once the errors are on the page:
  // react-hook-form calls onInvalid before it renders them (the browser then kept the focus on the button).
  const focusPending = useRef(false);
  const errorFields = Object.keys(errors).join('|');
  useEffect(() => {
    if (!focusPending.current || errorFields === '') return;
    focusPending.current = false;
    focusFirstInvalid(formRef.current);
  }, [focusTick, errorFields]);
  const focusAfterRender = () => {
    focusPending.current = true;
    setFocusTick((n) => n + 1);
  };

  const clear = (keys: readonly string[]) => form.clearErrors(keys as Path<TValues>[]);

  /** Sets one field (marking the form dirty) and clears its error. */
  const set = <K extends FieldKey<TValues>>(key: K, value: TValues[K]) => {
    form.setValue(key as unknown as Path<TValues>, value, { shouldDirty: true });
    clear([key]);
  };
  /** Sets fields that move together (e.g. centimetres and feet) and clears the errors of `keys`. */
  const update = (next: (current: TValues) => TValues, ...keys: string[]) => {
    const current = form.getValues();
    const changed = next(current);
    for (const key of Object.keys(changed) as FieldKey<TValues>[]) {
      if (changed[key] !== current[key]) form.setValue(key as unknown as Path<TValues>, changed[key], { shouldDirty: true });
    }
    clear(keys);
  };
  /** Props for TextField, SelectField and TextAreaField. */
  const bind = <K extends FieldKey<TValues>>(key: K) => ({
    name: key,
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as TValues[K]),
  });
  /** Props for CheckboxGroup and RadioGroup. */
  const choice = <K extends FieldKey<TValues>>(key: K) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (next: TValues[K]) => set(key, next),
  });

  /** Shows field errors (e.g. the server's) and takes the user to the first one. */
  const showErrors = (fieldErrors: Record<string, string>) => {
    form.clearErrors();
    for (const [path, message] of Object.entries(fieldErrors)) form.setError(path as Path<TValues>, { type: 'server', message });
    focusAfterRender();
  };
  /** One field's error shown at once (a check made as the user types). */
  const showError = (key: FieldKey<TValues>, message: string) => form.setError(key as unknown as Path<TValues>, { type: 'validate', message });

  /** The form's onSubmit: checks, then `onValid(parsed)`; on failure focuses the first field in error. */
  const onSubmit = (onValid: (parsed: TParsed, values: TValues) => void, onInvalid?: (values: TValues) => void) => (event: FormEvent) =>
    form.handleSubmit(
      (parsed) => onValid(parsed, form.getValues()),
      () => {
        onInvalid?.(form.getValues());
        focusAfterRender();
      },
    )(event);

  /**
   * After a successful save: the next navigation is no longer guarded, and the form's unsaved
   * state restarts from `savedValues` when the page stays (else from the current values).
   */
  const saved = (savedValues?: TValues) => {
    guard.release();
    if (drafting) dropDraft(drafting.key);
    setRestored(null);
    form.reset(savedValues ?? form.getValues());
  };
  /** Back to the form's first values, the draft dropped. */
  const discardDraft = () => {
    if (drafting) dropDraft(drafting.key);
    setRestored(null);
    form.reset(defaultValues);
  };

  return {
    form,
    formRef,
    values,
    errors,
    isDirty,
    set,
    update,
    bind,
    choice,
    showErrors,
    showError,
    onSubmit,
    saved,
    leaveDialog: <LeaveDialog blocker={guard.blocker} onLeave={() => drafting && dropDraft(drafting.key)} />,
    draftNotice: restored && <DraftNotice picturesDropped={restored.picturesDropped} onDiscard={discardDraft} />,
  };
}

/** Says that unsaved changes were brought back (and that pictures were not), with a way to drop them. */
function DraftNotice({ picturesDropped, onDiscard }: { picturesDropped: boolean; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-info draft-notice" role="status">
      <div>
        <p>{t('draft.restored')}</p>
        {picturesDropped && <p>{t('draft.picturesNotKept')}</p>}
      </div>
      <button type="button" className="btn btn-outline btn-sm" onClick={onDiscard}>
        {t('draft.discard')}
      </button>
    </div>
  );
}

/**
 * useZodForm's small sibling for short one-shot forms (sign-in, contact, registration): text
 * values in React state, no leave guard (so it also works outside a data router). Errors are shown
 * on submit, one per field, and each edit clears its own field's error; errors shown by `parse` or
 * `setErrors` (a failed submit's, the server's) take the user to the first field in error of the
 * form given `formRef`. `bind` gives TextField, PasswordField, SelectField and TextAreaField their props.
 * A refused request goes to `sayRefusal`: at its field when it names one, else in `failure`, which
 * the form shows on its own (ErrorNotice).
 */
export function useSmallForm<TValues extends Record<string, string>>(initial: TValues | (() => TValues)) {
  const [values, setValues] = useState(initial);
  const [errors, setErrorsState] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusFirstInvalid(formRef.current);
  }, [errors]);
  /** Shows these errors and takes the user to the first field in error. */
  const setErrors = (next: Record<string, string>) => {
    focusPending.current = Object.keys(next).length > 0;
    setErrorsState(next);
  };
  /** Sets one field (e.g. from a control that is not an input) and clears its error. */
  const set = (key: FieldKey<TValues>, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) {
      focusPending.current = false;
      setErrorsState(({ [key]: _removed, ...rest }) => rest);
    }
  };
  const bind = (key: FieldKey<TValues>) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  /** The values as the domain's `schema` parses them; null, with each field's first message shown, when they fail. */
  const parse = <TParsed,>(schema: z.ZodType<TParsed>): TParsed | null => {
    const parsed = schema.safeParse(values);
    setErrors(parsed.success ? {} : firstErrorByField(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };
  /**
   * Shows a refused request at the field it is about (by its code, as `fieldOfCode` maps codes to
   * fields, or by the field errors it carries); true when it named one.
   */
  const sayAtField = (error: Error, fieldOfCode?: Readonly<Record<string, string>>): boolean => {
    const atFields = fieldErrorsOf(error, fieldOfCode);
    if (atFields) setErrors(atFields);
    return atFields !== null;
  };
  /** Shows a refused request at its field, else as the form's `failure`. */
  const sayRefusal = (error: Error, fieldOfCode?: Readonly<Record<string, string>>) => {
    if (!sayAtField(error, fieldOfCode)) setFailure(error.message);
  };
  return { values, setValues, errors, setErrors, set, bind, parse, formRef, failure, setFailure, sayAtField, sayRefusal };
}
