import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { rule } from '../../../lib/input-rules';
import { useCreateUser } from '../api/create-user';

const USERNAME = rule('CreateUserRequestDto', 'username');
const TEXT_FIELDS = ['username', 'firstname', 'lastname', 'email', 'password'] as const;
type Values = Record<(typeof TEXT_FIELDS)[number], string> & { trader: boolean; admin: boolean };
const EMPTY: Values = { username: '', firstname: '', lastname: '', email: '', password: '', trader: false, admin: false };

/** Seed §5: all five fields required; the submit looks active only when all are filled; roles always include User. */
export function allFilled(v: Values): boolean {
  return TEXT_FIELDS.every((k) => v[k].trim() !== '');
}

/** Creating a user: CreateUserRequestDto's pattern and lengths for each field. */
export const createUserResolver = rulesResolver<'CreateUserRequestDto', Values>('CreateUserRequestDto', {
  username: { required: 'Enter a username', invalid: `Use ${USERNAME.minLength}–${USERNAME.maxLength} letters, digits, dots, dashes or underscores` },
  firstname: { required: 'Enter the first name' },
  lastname: { required: 'Enter the last name' },
  email: { required: 'Enter the email', invalid: 'Enter a valid email address' },
  password: { required: 'Enter a password', keepSpaces: true },
});

export function CreateUserForm() {
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<Values>({ defaultValues: EMPTY, resolver: createUserResolver });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateUser();
  const busy = create.busy;
  const ready = allFilled(watch());

  async function onSubmit({ trader, admin, ...body }: Values) {
    if (busy) return;
    setFormError(null);
    try {
      const roles = ['User', ...(trader ? ['Trader'] : []), ...(admin ? ['Admin'] : [])];
      await create.trigger({ ...body, roles });
      // four eyes: the user is created without the Admin role, which waits for another admin's approval
      toast.success(admin ? "User created; the Admin role waits for another admin's approval" : 'User created successfully');
      reset();
    } catch (error) {
      setServerErrors(setError, error, TEXT_FIELDS);
      toast.error('Error creating user');
      if (error instanceof ApiError && typeof error.status === 'number') setFormError(error.message);
    }
  }

  return (
    <form className="card" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="create-user-title">
      <h2 id="create-user-title">Create User</h2>
      <FormError message={formError} />
      <div className="form-grid form-grid--3">
        <TextField label="Username" {...register('username')} error={errors.username?.message} required />
        <TextField label="First name" {...register('firstname')} error={errors.firstname?.message} required />
        <TextField label="Last name" {...register('lastname')} error={errors.lastname?.message} required />
        <TextField label="Email" type="email" {...register('email')} error={errors.email?.message} required />
        <TextField label="Password" type="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} required />
      </div>
      <fieldset className="checkbox-group">
        <legend>Roles</legend>
        <CheckboxField label="User" checked disabled />
        <CheckboxField label="Trader" {...register('trader')} />
        <CheckboxField label="Admin" {...register('admin')} />
      </fieldset>
      <Button type="submit" variant="primary" className={ready ? undefined : 'is-inactive'} disabled={!ready || busy}>
        {busy ? 'Creating…' : 'Create user'}
      </Button>
    </form>
  );
}
