/**
 * Unsaved form input kept in the tab's sessionStorage, so what a user typed survives an ended
 * session (the sign-in page replaces the form, and signing in brings them back to it), a reload
 * or a crash of the tab. A draft belongs to one signed-in user: read by anyone else it is dropped,
 * and signing out drops every draft. It dies with the tab.
 */
const PREFIX = 'recruit.draft.';

interface StoredDraft {
  owner: string;
  values: Record<string, unknown>;
  /** Fields that had a value but were not kept (pictures: megabytes of base64, previews that die with the page). */
  omitted: string[];
}

export interface Draft {
  values: Record<string, unknown>;
  omitted: string[];
}

/** Keeps `values` as `owner`'s draft under `key`, less the fields in `omit`. A full or unavailable storage keeps nothing. */
export function writeDraft(key: string, owner: string, values: Record<string, unknown>, omit: readonly string[] = []): void {
  const kept = { ...values };
  const omitted: string[] = [];
  for (const field of omit) {
    if (kept[field] !== null && kept[field] !== undefined && kept[field] !== '') omitted.push(field);
    delete kept[field];
  }
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify({ owner, values: kept, omitted } satisfies StoredDraft));
  } catch {
    // Storage full or blocked: the form works as before, without a draft.
  }
}

/** `owner`'s draft under `key`, or null. Another user's draft is dropped unread. */
export function readDraft(key: string, owner: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (stored.owner !== owner || typeof stored.values !== 'object' || stored.values === null) {
      sessionStorage.removeItem(PREFIX + key);
      return null;
    }
    return { values: stored.values, omitted: Array.isArray(stored.omitted) ? stored.omitted.filter((f) => typeof f === 'string') : [] };
  } catch {
    return null;
  }
}

export function dropDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** Drops every draft of this tab (on sign-out). */
export function dropAllDrafts(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i)).filter((k): k is string => k?.startsWith(PREFIX) === true);
    for (const key of keys) sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/**
 * The draft's values that still fit the form: fields the form has, of the same kind as its
 * default (text, yes/no, number, list, object), so a draft written by an older version of a form
 * cannot put a wrong type into it.
 */
export function draftValuesFor<TValues extends Record<string, unknown>>(defaults: TValues, draft: Draft): Partial<TValues> {
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  const fitting: Partial<TValues> = {};
  for (const [field, value] of Object.entries(draft.values)) {
    if (!Object.hasOwn(defaults, field) || kind(defaults[field]) !== kind(value)) continue;
    fitting[field as keyof TValues] = value as TValues[keyof TValues];
  }
  return fitting;
}
