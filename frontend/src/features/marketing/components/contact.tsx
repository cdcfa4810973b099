import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { fieldErrors } from '../../../lib/api-client';
import { rulesResolver, setServerErrors } from '../../../lib/form-rules';
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

/**
 * ContactRequestDto's lengths; its email carries only `format: email`, so the email pattern of the auth DTOs stands in.
 * The topic is the form's own choice, sent as the subject.
 */
export const contactResolver = rulesResolver<'ContactRequestDto', ContactValues>('ContactRequestDto', {
  name: { required: 'Enter your name' },
  email: { required: 'Enter your email', invalid: 'Enter a valid email address', rule: { ...rule('ContactRequestDto', 'email'), pattern: rule('EmailRequestDto', 'email').pattern } },
  message: { required: 'Write your message' },
});

const EMPTY: ContactValues = { name: '', email: '', topic: 'general', message: '' };

export function Contact() {
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactValues>({ defaultValues: EMPTY, resolver: contactResolver });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  // the sent message's name and email, for the confirmation
  const [sent, setSent] = useState<ContactValues | null>(null);
  const send = useSendContact();

  async function onSubmit(values: ContactValues) {
    setFormError(null);
    try {
      await send.trigger({ name: values.name, email: values.email, subject: TOPICS[values.topic] ?? 'General question', message: values.message });
      setSent(values);
    } catch (error) {
      setServerErrors(setError, error, ['name', 'email', 'message']);
      if (Object.keys(fieldErrors(error, ['name', 'email', 'subject', 'message'])).length === 0) setFormError(error instanceof Error ? error.message : 'The message could not be sent');
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
            <h2>Thank you, {sent.name}</h2>
            <p>Your message was sent to our support team. If it needs an answer, it goes to {sent.email}.</p>
            <Button
              onClick={() => {
                reset();
                setSent(null);
              }}
            >
              Send another message
            </Button>
          </div>
        ) : (
          <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Contact us">
            <FormError message={formError} />
            <div className="form-grid">
              <TextField label="Name" autoComplete="name" {...register('name')} error={errors.name?.message} maxLength={MAX.name} required />
              <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} required />
            </div>
            <SelectField label="Topic" {...register('topic')}>
              {Object.entries(TOPICS).map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </SelectField>
            <TextAreaField label="Message" rows={6} {...register('message')} error={errors.message?.message} maxLength={MAX.message} required />
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
