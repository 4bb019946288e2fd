import { CONTACT_SUBJECTS, contactMessageSchema } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.ts';
import { firstErrorByField, SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { useSendContact } from './api/sendContact.ts';

const EMPTY = { name: '', email: '', subject: '', message: '' };
export const CONTACT_SUCCESS_FALLBACK = 'Thanks for reaching out! We’ll respond soon.';
export const CONTACT_ERROR_FALLBACK = 'We couldn’t deliver your message. Please try again.';

/** Contact form: idle -> sending -> success (reset) or error (spec section 4). */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const send = useSendContact();

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
      onSuccess: (data) => {
        setResult({ kind: 'success', text: data?.message || CONTACT_SUCCESS_FALLBACK });
        setValues(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(firstErrorByField(error.errors));
        setResult({ kind: 'error', text: error.message || CONTACT_ERROR_FALLBACK });
      },
    });
  };

  const sending = send.isPending;
  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <div className="form-row">
        <TextField label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
      </div>
      <SelectField label="Subject" name="subject" value={values.subject} onChange={set('subject')} error={errors.subject} placeholder="Choose a subject" options={CONTACT_SUBJECTS} />
      <TextAreaField label="Message" name="message" rows={6} value={values.message} onChange={set('message')} error={errors.message} />
      {result && (
        <div className={`notice ${result.kind === 'success' ? 'notice-success' : 'notice-error'}`} role={result.kind === 'success' ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
