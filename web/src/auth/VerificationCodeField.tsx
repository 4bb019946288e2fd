import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../i18n/messages.ts';
import { FieldShell } from '../ui/form.tsx';
import { useToast } from '../ui/toast.tsx';
import { CODE_SENT } from './api/sendVerificationCode.ts';

/** The server lets a new code out after 60 s (decision A2); the button waits as long. */
const RESEND_AFTER_S = 60;

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * The emailed code of a registration or password reset form: the code input and its button,
 * which reads Send, then Resend once a code went to the address typed. Changing the email resets
 * that state (spec section 4). `checkBeforeSending` returns the message to show when the form is
 * not ready; `sendCode` asks the server to mail the code.
 */
export function VerificationCodeField({
  sendCode,
  email,
  value,
  onChange,
  error,
  checkBeforeSending,
  hint,
  onSendError,
}: {
  sendCode: (email: string) => Promise<{ message?: string }>;
  email: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  checkBeforeSending: () => string | null;
  hint?: string;
  /** Takes a refused code request the form says at a field of its own (true); otherwise a toast says it. */
  onSendError?: (error: Error) => boolean;
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const send = useMutation({ mutationFn: sendCode });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  const codeSent = sentTo !== null && sentTo === normalize(email);
  const secondsLeft = codeSent ? Math.max(0, Math.ceil((waitUntil - now) / 1000)) : 0;

  // Ticks the countdown until the resend pause is over.
  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= waitUntil) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  // A new address or a new check of the whole form replaces the message about the last request.
  useEffect(() => setProblem(null), [email, error]);

  const request = () => {
    const notReady = checkBeforeSending();
    setProblem(notReady);
    if (notReady) return;
    const address = normalize(email);
    send.mutate(address, {
      onSuccess: (data) => {
        setSentTo(address);
        setWaitUntil(Date.now() + RESEND_AFTER_S * 1000);
        setNow(Date.now());
        toast.success(localizeMessage(data?.message || CODE_SENT));
      },
      onError: (e) => {
        if (!onSendError?.(e)) toast.error(e.message);
      },
    });
  };

  const shownError = problem ?? error;
  return (
    <FieldShell
      label={t('code.label')}
      error={shownError ?? undefined}
      hint={
        codeSent
          ? secondsLeft > 0
            ? t('code.sentWait', { email: sentTo, seconds: secondsLeft })
            : t('code.sentValid', { email: sentTo })
          : (hint ?? t('code.hint'))
      }
    >
      {({ id, describedBy, invalid }) => (
        <div className="code-row">
          <input
            id={id}
            className="input code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            value={value}
            onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          <button type="button" className="btn btn-secondary code-button" onClick={request} disabled={send.isPending || secondsLeft > 0}>
            {send.isPending ? t('code.sending') : codeSent ? t('code.resend') : t('code.send')}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
