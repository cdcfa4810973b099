import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { useRegister, type RegisterBody } from '../api/register';
import { lengthHint, rule } from '../../../lib/input-rules';
import { rulesResolver } from '../../../lib/form-rules';
import { EMAIL_CHECK, PASSWORD } from '../api/validation';
import { AuthCard } from './auth-card';

const USERNAME = rule('RegisterRequestDto', 'username');
const EMPTY: RegisterBody = { username: '', firstname: '', lastname: '', email: '', password: '' };

/** Sign-up's checks: RegisterRequestDto's generated rules, in the form's words. */
export const registerResolver = rulesResolver<'RegisterRequestDto', RegisterBody>('RegisterRequestDto', {
  username: { required: 'Choose a username', invalid: `Use ${USERNAME.minLength}–${USERNAME.maxLength} letters, digits, dots, dashes or underscores` },
  firstname: { required: 'Enter your first name' },
  lastname: { required: 'Enter your last name' },
  email: EMAIL_CHECK,
  password: { required: 'Enter a password', keepSpaces: true },
});

export function RegisterForm() {
  const navigate = useNavigate();
  const { register: field, handleSubmit, setError, formState } = useForm<RegisterBody>({ defaultValues: EMPTY, resolver: registerResolver });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: register, busy } = useRegister();

  async function onSubmit(body: RegisterBody) {
    setFormError(null);
    try {
      await register(body);
      toast.success('Account created. Check your email for the code.');
      navigate('/otpverification', { state: { email: body.email } });
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrors(error, Object.keys(EMPTY)))) setError(name as keyof RegisterBody, { type: 'server', message });
      setFormError(errorMessage(error));
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start copying proven traders in minutes."
      footer={
        <p>
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      }
    >
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Create account">
        <FormError message={formError} />
        <TextField label="Username" autoComplete="username" {...field('username')} error={errors.username?.message} required />
        <div className="form-grid">
          <TextField label="First name" autoComplete="given-name" {...field('firstname')} error={errors.firstname?.message} required />
          <TextField label="Last name" autoComplete="family-name" {...field('lastname')} error={errors.lastname?.message} required />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} error={errors.email?.message} required />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} error={errors.password?.message} hint={lengthHint(PASSWORD)} required />
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
