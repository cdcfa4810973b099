import { Button } from '../../../components/ui/button';
import { useState, type FormEvent } from 'react';
import { ApiError, fieldErrors } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { matchesPattern, rule } from '../../../lib/input-rules';
import { useCreateUser } from '../api/create-user';

const EMAIL = rule('CreateUserRequestDto', 'email');
const PASSWORD = rule('CreateUserRequestDto', 'password');
const EMPTY = { username: '', firstname: '', lastname: '', email: '', password: '' };
type Values = typeof EMPTY;

/** Seed §5: all five fields required; the submit looks active only when all are filled; roles always include User. */
export function allFilled(v: Values): boolean {
  return Object.values(v).every((x) => x.trim() !== '');
}

export function CreateUserForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [trader, setTrader] = useState(false);
  const [admin, setAdmin] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateUser();
  const busy = create.busy;
  const ready = allFilled(values);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy) return;
    const next: Record<string, string> = {};
    if (!matchesPattern(EMAIL, values.email.trim())) next.email = 'Enter a valid email address';
    if (values.password.length < PASSWORD.minLength!) next.password = `Use at least ${PASSWORD.minLength} characters`;
    else if (values.password.length > PASSWORD.maxLength!) next.password = `Use at most ${PASSWORD.maxLength} characters`;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      const roles = ['User', ...(trader ? ['Trader'] : []), ...(admin ? ['Admin'] : [])];
      await create.trigger({
        username: values.username.trim(),
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email.trim(),
        password: values.password,
        roles,
      });
      // four eyes: the user is created without the Admin role, which waits for another admin's approval
      toast.success(admin ? "User created; the Admin role waits for another admin's approval" : 'User created successfully');
      setValues(EMPTY);
      setTrader(false);
      setAdmin(false);
    } catch (error) {
      setErrors(fieldErrors(error, Object.keys(EMPTY)));
      toast.error('Error creating user');
      if (error instanceof ApiError && typeof error.status === 'number') setFormError(error.message);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="create-user-title">
      <h2 id="create-user-title">Create User</h2>
      <FormError message={formError} />
      <div className="form-grid form-grid--3">
        <TextField label="Username" value={values.username} onChange={set('username')} error={errors.username} required />
        <TextField label="First name" value={values.firstname} onChange={set('firstname')} error={errors.firstname} required />
        <TextField label="Last name" value={values.lastname} onChange={set('lastname')} error={errors.lastname} required />
        <TextField label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} required />
        <TextField label="Password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} required />
      </div>
      <fieldset className="checkbox-group">
        <legend>Roles</legend>
        <CheckboxField label="User" checked disabled />
        <CheckboxField label="Trader" checked={trader} onChange={(e) => setTrader(e.target.checked)} />
        <CheckboxField label="Admin" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
      </fieldset>
      <Button type="submit" variant="primary" className={ready ? undefined : 'is-inactive'} disabled={!ready || busy}>
        {busy ? 'Creating…' : 'Create user'}
      </Button>
    </form>
  );
}
