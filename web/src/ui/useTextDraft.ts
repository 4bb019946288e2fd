import { useState } from 'react';
import { dropDraft, readDraft, writeDraft } from './formDraft.ts';

/**
 * A text box's text, kept in the tab as `owner`'s draft under `key` (formDraft.ts) while it differs
 * from `saved` (what the server holds; '' for a new message): it starts from a kept draft, else
 * from `saved`. `reset` puts a text in without keeping it (after a save), so the draft goes.
 * Without a signed-in owner nothing is kept.
 */
export function useTextDraft(key: string, owner: string | undefined, saved = '') {
  const [text, setText] = useState(() => {
    const kept = owner === undefined ? undefined : readDraft(key, owner)?.values.body;
    return typeof kept === 'string' ? kept : saved;
  });
  const change = (next: string) => {
    setText(next);
    if (owner === undefined) return;
    if (next.trim() === saved) dropDraft(key);
    else writeDraft(key, owner, { body: next });
  };
  const reset = (next: string) => {
    setText(next);
    dropDraft(key);
  };
  return { text, change, reset };
}
