import { useState, type FormEvent } from 'react';
import { TextAreaField, TextField, SelectField } from '../../../components/ui/field';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ContactValues {
  name: string;
  email: string;
  topic: string;
  message: string;
}

export function validateContact(v: ContactValues): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = 'Enter your name';
  if (!v.email.trim()) e.email = 'Enter your email';
  else if (!EMAIL_RE.test(v.email.trim())) e.email = 'Enter a valid email address';
  if (v.message.trim().length < 10) e.message = 'Write at least 10 characters';
  else if (v.message.length > 2000) e.message = 'Keep it under 2000 characters';
  return e;
}

/** The contact form validates and confirms locally: there is no contact endpoint in the API contract. */
export function Contact() {
  const [values, setValues] = useState<ContactValues>({ name: '', email: '', topic: 'general', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const set = (k: keyof ContactValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = validateContact(values);
    setErrors(next);
    if (Object.keys(next).length === 0) setSent(true);
  }

  return (
    <div className="container page page--narrow">
      <header className="page__header">
        <p className="eyebrow">Contact</p>
        <h1>Talk to us</h1>
        <p className="lead muted">Questions about your account, a trader or a transaction? We answer within one business day.</p>
      </header>
      <div className="card">
        {sent ? (
          <div role="status" className="confirmation">
            <h2>Thank you, {values.name.trim()}</h2>
            <p>We received your message and will reply to {values.email.trim()} within one business day.</p>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setValues({ name: '', email: '', topic: 'general', message: '' });
                setSent(false);
              }}
            >
              Send another message
            </button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Contact us">
            <div className="form-grid">
              <TextField label="Name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} required />
              <TextField label="Email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} required />
            </div>
            <SelectField label="Topic" value={values.topic} onChange={set('topic')}>
              <option value="general">General question</option>
              <option value="account">My account</option>
              <option value="wallet">Deposits and withdrawals</option>
              <option value="traders">Becoming a trader</option>
            </SelectField>
            <TextAreaField label="Message" rows={6} value={values.message} onChange={set('message')} error={errors.message} required />
            <button type="submit" className="btn btn--primary">Send message</button>
          </form>
        )}
      </div>
    </div>
  );
}
