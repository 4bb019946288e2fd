import { CONTACT_SUBJECTS, contactMessageSchema, type ContactSubject } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { useSendContact } from './api/sendContact.ts';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Contact form: idle -> sending -> success (reset) or error (spec section 4). */
export function ContactForm() {
  const { t } = useTranslation('public');
  const { setValues, bind, parse, formRef, sayAtField } = useSmallForm(EMPTY);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const send = useSendContact();
  // The subjects are sent as the spec's values; only their labels change with the language.
  const subjectLabels: Record<ContactSubject, string> = {
    Athlete: t('contact.subjects.athlete'),
    'Coach/University': t('contact.subjects.coach'),
    Partnership: t('contact.subjects.partnership'),
    Other: t('contact.subjects.other'),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const message = parse(contactMessageSchema);
    if (!message) return;
    send.mutate(message, {
      // The server's thanks is the spec's 'Thanks for reaching out! We’ll respond soon.': shown in the reader's language.
      onSuccess: () => {
        setResult({ kind: 'success', text: t('contact.success') });
        setValues(EMPTY);
      },
      onError: (error) => {
        sayAtField(error);
        setResult({ kind: 'error', text: error.message || t('contact.error') });
      },
    });
  };

  const sending = send.isPending;
  return (
    <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contact.form.title')}</h2>
      <div className="form-row">
        <TextField label={t('contact.form.name')} autoComplete="name" {...bind('name')} />
        <TextField label={t('contact.form.email')} type="email" autoComplete="email" {...bind('email')} />
      </div>
      <SelectField
        label={t('contact.form.subject')}
        placeholder={t('contact.form.chooseSubject')}
        options={CONTACT_SUBJECTS.map((value) => ({ value, label: subjectLabels[value] }))}
        {...bind('subject')}
      />
      <TextAreaField label={t('contact.form.message')} rows={6} {...bind('message')} />
      {result && (
        <div className={`notice ${result.kind === 'success' ? 'notice-success' : 'notice-error'}`} role={result.kind === 'success' ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? t('contact.form.sending') : t('contact.form.send')}
      </button>
    </form>
  );
}
