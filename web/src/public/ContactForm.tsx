import { CONTACT_SUBJECTS, contactMessageSchema, type ContactSubject } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { firstErrorByField, SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { useSendContact } from './api/sendContact.ts';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Contact form: idle -> sending -> success (reset) or error (spec section 4). */
export function ContactForm() {
  const { t } = useTranslation('public');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const send = useSendContact();
  // The subjects are sent as the spec's values; only their labels change with the language.
  const subjectLabels: Record<ContactSubject, string> = {
    Athlete: t('contact.subjects.athlete'),
    'Coach/University': t('contact.subjects.coach'),
    Partnership: t('contact.subjects.partnership'),
    Other: t('contact.subjects.other'),
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      // The server's thanks is the spec's 'Thanks for reaching out! We’ll respond soon.': shown in the reader's language.
      onSuccess: () => {
        setResult({ kind: 'success', text: t('contact.success') });
        setValues(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(firstErrorByField(error.errors));
        setResult({ kind: 'error', text: error.message || t('contact.error') });
      },
    });
  };

  const sending = send.isPending;
  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contact.form.title')}</h2>
      <div className="form-row">
        <TextField label={t('contact.form.name')} name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
        <TextField
          label={t('contact.form.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
      </div>
      <SelectField
        label={t('contact.form.subject')}
        name="subject"
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
        placeholder={t('contact.form.chooseSubject')}
        options={CONTACT_SUBJECTS.map((value) => ({ value, label: subjectLabels[value] }))}
      />
      <TextAreaField label={t('contact.form.message')} name="message" rows={6} value={values.message} onChange={set('message')} error={errors.message} />
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
