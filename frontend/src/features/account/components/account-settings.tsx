import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage, fieldErrors } from '../../../lib/api-client';
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

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: change, busy } = useChangePassword();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!current) errs.currentPassword = 'Enter your current password';
    if (next.length < NEW_PASSWORD.minLength!) errs.newPassword = `Use at least ${NEW_PASSWORD.minLength} characters`;
    else if (next.length > NEW_PASSWORD.maxLength!) errs.newPassword = `Use at most ${NEW_PASSWORD.maxLength} characters`;
    else if (next === current) errs.newPassword = 'Choose a password different from the current one';
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length) return;
    try {
      await change({ currentPassword: current, newPassword: next });
      toast.success('Password changed');
      setCurrent('');
      setNext('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setErrors({ currentPassword: 'The current password is wrong' });
      else {
        setErrors(fieldErrors(error, ['currentPassword', 'newPassword']));
        setFormError(errorMessage(error));
      }
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="pw-title">
      <h2 id="pw-title">Change password</h2>
      <p className="muted small">Your other sessions are signed out when the password changes.</p>
      <FormError message={formError} />
      <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.currentPassword} />
      <TextField label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={errors.newPassword} hint={lengthHint(NEW_PASSWORD)} />
      <Button writes type="submit" variant="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}

function DeleteAccountForm() {
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const { trigger: deleteAccount, busy } = useDeleteAccount();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!password) {
      setError('Enter your password to confirm');
      return;
    }
    setError(undefined);
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
      if (err instanceof ApiError && err.status === 401) setError('The password is wrong');
      else setFormError(errorMessage(err));
    }
  }

  return (
    <form className="card card--danger" onSubmit={onSubmit} noValidate aria-labelledby="del-title">
      <h2 id="del-title">Delete account</h2>
      <p className="muted small">
        This cannot be undone. Withdraw your balance and stop your copies first: an account that still holds money cannot be deleted.
      </p>
      <FormError message={formError} />
      <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
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
