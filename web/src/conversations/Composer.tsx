import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { localizeMessage } from '../i18n/messages.ts';
import { submitOnCtrlEnter } from '../ui/form.tsx';
import { formatNumber } from '../ui/format.ts';
import { CONVERSATION_MESSAGES, MESSAGE_MAX_LENGTH, messageCreateSchema } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useSignedInUserId } from '../auth/api.ts';
import { useTextDraft } from '../ui/useTextDraft.ts';
import { useSendMessage } from './api/sendMessage.ts';

/** '12 / 2,000 characters' ('12 / 2000 caracteres'). */
export function counterText(length: number): string {
  return i18n.t('conversations:composer.counter', { length: formatNumber(length), max: formatNumber(MESSAGE_MAX_LENGTH) });
}

/**
 * Writes a message to a thread: plain text up to 2,000 characters (trimmed), sent with the
 * button or Ctrl/⌘+Enter. When the thread is closed to the user (`canSend` false) it stays
 * visible but disabled, with the reason. A refused send (409, 429, 400) keeps the draft and
 * shows the server's message. An unsent draft is kept per thread in the tab (formDraft.ts): it
 * survives leaving the thread, a reload and an ended session's sign-in.
 */
export function Composer({ matchId, canSend, cannotSendReason }: { matchId: string; canSend: boolean; cannotSendReason?: string }) {
  const { t } = useTranslation('conversations');
  const owner = useSignedInUserId();
  const draftKey = `message.${matchId}`;
  const { text: draft, change: setDraft, reset: resetDraft } = useTextDraft(draftKey, owner);
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(matchId);
  const id = useId();
  const length = draft.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const reason = localizeMessage(cannotSendReason ?? CONVERSATION_MESSAGES.notAccepted);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend || send.isPending) return;
    const parsed = messageCreateSchema.safeParse({ body: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CONVERSATION_MESSAGES.empty);
      return;
    }
    setError(null);
    send.mutate(parsed.data.body, {
      onSuccess: () => resetDraft(''),
      onError: (failure) => setError(failure.message),
    });
  };

  const describedBy = [`${id}-counter`, !canSend ? `${id}-reason` : null, error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');

  return (
    <form className="composer" onSubmit={submit} noValidate aria-busy={send.isPending}>
      <label htmlFor={id} className="composer-label">
        {t('composer.label')}
      </label>
      {!canSend && (
        <p id={`${id}-reason`} className="notice notice-warn composer-reason">
          {reason}
        </p>
      )}
      <textarea
        id={id}
        className="composer-input"
        rows={3}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={submitOnCtrlEnter(submit)}
        disabled={!canSend}
        aria-invalid={Boolean(error) || tooLong || undefined}
        aria-describedby={describedBy}
        placeholder={canSend ? t('composer.placeholder') : undefined}
      />
      <div className="composer-foot">
        <span id={`${id}-counter`} className={`composer-counter ${tooLong ? 'is-over' : ''}`}>
          {counterText(length)}
        </span>
        <span id={`${id}-hint`} className="muted composer-hint">
          {t('composer.hint')}
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!canSend || send.isPending || tooLong}>
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
      {tooLong && !error && (
        <p className="field-error" role="alert">
          {localizeMessage(CONVERSATION_MESSAGES.tooLong)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {localizeMessage(error)}
        </p>
      )}
    </form>
  );
}
