import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrors } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { rule } from '../../../lib/input-rules';
import { useSendContact } from '../api/send-contact';

interface ContactValues {
  name: string;
  email: string;
  topic: string;
  message: string;
}

const MAX = { name: rule('ContactRequestDto', 'name').maxLength, message: rule('ContactRequestDto', 'message').maxLength };

const TOPICS: Record<string, string> = {
  general: 'General question',
  account: 'My account',
  wallet: 'Deposits and withdrawals',
  traders: 'Becoming a trader',
};

/** Presence only: formats and lengths are the API's (its 400 names the field). */
export function validateContact(v: ContactValues): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = 'Enter your name';
  if (!v.email.trim()) e.email = 'Enter your email';
  if (!v.message.trim()) e.message = 'Write your message';
  return e;
}

const EMPTY: ContactValues = { name: '', email: '', topic: 'general', message: '' };

export function Contact() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useSendContact();
  const set = (k: keyof ContactValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const next = validateContact(values);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await send.trigger({ name: values.name.trim(), email: values.email.trim(), subject: TOPICS[values.topic] ?? 'General question', message: values.message.trim() });
      setSent(true);
    } catch (error) {
      const byField = fieldErrors(error, ['name', 'email', 'subject', 'message']);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(error instanceof Error ? error.message : 'The message could not be sent');
    }
  }

  return (
    <div className="container page page--narrow">
      <header className="page__header">
        <p className="eyebrow">Contact</p>
        <h1>Talk to us</h1>
        <p className="lead muted">Questions about your account, a trader or a transaction? Your message goes to our support team.</p>
      </header>
      <div className="card">
        {sent ? (
          <div role="status" className="confirmation">
            <h2>Thank you, {values.name.trim()}</h2>
            <p>Your message was sent to our support team. If it needs an answer, it goes to {values.email.trim()}.</p>
            <Button
              onClick={() => {
                setValues(EMPTY);
                setSent(false);
              }}
            >
              Send another message
            </Button>
          </div>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Contact us">
            <FormError message={formError} />
            <div className="form-grid">
              <TextField label="Name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} maxLength={MAX.name} required />
              <TextField label="Email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} required />
            </div>
            <SelectField label="Topic" value={values.topic} onChange={set('topic')}>
              {Object.entries(TOPICS).map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </SelectField>
            <TextAreaField label="Message" rows={6} value={values.message} onChange={set('message')} error={errors.message} maxLength={MAX.message} required />
            <Button type="submit" variant="primary" busy={send.busy}>Send message</Button>
            <p className="muted small mt">
              How we handle what you send: <Link to="/privacy">Privacy Policy</Link>.
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
