import { Button } from '../../../components/ui/button';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { useRegister, type RegisterBody } from '../api/register';
import { lengthHint, matchesPattern, rule } from '../../../lib/input-rules';
import { compact, emailError, PASSWORD, passwordError } from '../api/validation';
import { AuthCard } from './auth-card';

const USERNAME = rule('RegisterRequestDto', 'username');
const EMPTY: RegisterBody = { username: '', firstname: '', lastname: '', email: '', password: '' };

export function validateRegister(v: RegisterBody): Record<string, string> {
  return compact({
    username: !v.username.trim()
      ? 'Choose a username'
      : !matchesPattern(USERNAME, v.username.trim())
        ? `Use ${USERNAME.minLength}–${USERNAME.maxLength} letters, digits, dots, dashes or underscores`
        : undefined,
    firstname: v.firstname.trim() ? undefined : 'Enter your first name',
    lastname: v.lastname.trim() ? undefined : 'Enter your last name',
    email: emailError(v.email),
    password: passwordError(v.password),
  });
}

export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterBody>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: register, busy } = useRegister();
  const set = (k: keyof RegisterBody) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = validateRegister(values);
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      const body = { ...values, username: values.username.trim(), firstname: values.firstname.trim(), lastname: values.lastname.trim(), email: values.email.trim() };
      await register(body);
      toast.success('Account created. Check your email for the code.');
      navigate('/otpverification', { state: { email: body.email } });
    } catch (error) {
      setErrors(fieldErrors(error, Object.keys(EMPTY)));
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
      <form onSubmit={onSubmit} noValidate aria-label="Create account">
        <FormError message={formError} />
        <TextField label="Username" name="username" autoComplete="username" value={values.username} onChange={set('username')} error={errors.username} required />
        <div className="form-grid">
          <TextField label="First name" name="firstname" autoComplete="given-name" value={values.firstname} onChange={set('firstname')} error={errors.firstname} required />
          <TextField label="Last name" name="lastname" autoComplete="family-name" value={values.lastname} onChange={set('lastname')} error={errors.lastname} required />
        </div>
        <TextField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} required />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={lengthHint(PASSWORD)}
          required
        />
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
