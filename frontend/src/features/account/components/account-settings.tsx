import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { useSession } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { leaveThenSwitch } from '../../../lib/switch-session';
import { FormError, TextField } from '../../../components/ui/field';
import { lengthHint, rule } from '../../../lib/input-rules';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { TraderProfileSection } from './trader-profile-form';
import { Button } from '../../../components/ui/button';

const NEW_PASSWORD = rule('ChangePasswordRequestDto', 'newPassword');

type PasswordValues = { currentPassword: string; newPassword: string };
/** The password change's checks: ChangePasswordRequestDto's lengths, and a new password that differs. */
export const changePasswordResolver = rulesResolver<'ChangePasswordRequestDto', PasswordValues>('ChangePasswordRequestDto', {
  currentPassword: { required: 'Enter your current password', keepSpaces: true },
  newPassword: {
    required: 'Enter a new password',
    keepSpaces: true,
    check: (next, v) => (next === v.currentPassword ? 'Choose a password different from the current one' : undefined),
  },
});

function ChangePasswordForm() {
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordValues>({ defaultValues: { currentPassword: '', newPassword: '' }, resolver: changePasswordResolver });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: change, busy } = useChangePassword();

  async function onSubmit(body: PasswordValues) {
    setFormError(null);
    try {
      await change(body);
      toast.success('Password changed');
      reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setError('currentPassword', { type: 'server', message: 'The current password is wrong' });
      else {
        setServerErrors(setError, error, ['currentPassword', 'newPassword']);
        setFormError(errorMessage(error));
      }
    }
  }

  return (
    <form className="card" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="pw-title">
      <h2 id="pw-title">Change password</h2>
      <p className="muted small">Your other sessions are signed out when the password changes.</p>
      <FormError message={formError} />
      <TextField label="Current password" type="password" autoComplete="current-password" {...register('currentPassword')} error={errors.currentPassword?.message} />
      <TextField label="New password" type="password" autoComplete="new-password" {...register('newPassword')} error={errors.newPassword?.message} hint={lengthHint(NEW_PASSWORD)} />
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}

type DeleteValues = { password: string };
/** Deleting asks for the password; the delete route has no generated rule, so sign-in's (LoginRequestDto's) stands in. */
export const deleteAccountResolver = rulesResolver<'LoginRequestDto', DeleteValues>('LoginRequestDto', { password: { required: 'Enter your password to confirm', keepSpaces: true } });

function DeleteAccountForm() {
  const session = useSession();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<DeleteValues>({ defaultValues: { password: '' }, resolver: deleteAccountResolver });
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: deleteAccount, busy } = useDeleteAccount();

  async function onSubmit({ password }: DeleteValues) {
    setFormError(null);
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      const signOut = await deleteAccount({ userId: session.userId, password });
      toast.success('Your account has been deleted');
      leaveThenSwitch(navigate, '/', signOut);
    } catch (err) {
      setConfirming(false);
      if (err instanceof ApiError && err.status === 401) setError('password', { type: 'server', message: 'The password is wrong' });
      else setFormError(errorMessage(err));
    }
  }

  return (
    <form className="card card--danger" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="del-title">
      <h2 id="del-title">Delete account</h2>
      <p className="muted small">
        This cannot be undone. Withdraw your balance and stop your copies first: an account that still holds money cannot be deleted.
      </p>
      <FormError message={formError} />
      <TextField label="Password" type="password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      {confirming && (
        <p className="notice notice--danger" role="alert">
          Are you sure? Press “Confirm delete” to delete your account permanently.
        </p>
      )}
      <Button writes type="submit" variant="danger" disabled={busy}>
        {busy ? 'Deleting…' : confirming ? 'Confirm delete' : 'Delete account'}
      </Button>
      {confirming && (
        <Button onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      )}
    </form>
  );
}

export function AccountSettings() {
  const session = useSession();
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Settings</h1>
      </header>
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <dl className="details">
          <div><dt>Username</dt><dd>{session.username}</dd></div>
          <div><dt>Name</dt><dd>{[session.user?.firstname, session.user?.lastname].filter(Boolean).join(' ') || '—'}</dd></div>
          <div><dt>Email</dt><dd>{session.email}</dd></div>
          <div><dt>Roles</dt><dd>{session.roles.join(', ')}</dd></div>
          <div><dt>KYC</dt><dd>{session.KYCstring}</dd></div>
        </dl>
        <p>
          <Link to="/userdashboard/security">Security: two-factor authentication, sessions, API tokens, withdrawal addresses</Link>
        </p>
      </section>
      <TraderProfileSection />
      <div className="grid grid--2">
        <ChangePasswordForm />
        <DeleteAccountForm />
      </div>
    </div>
  );
}
