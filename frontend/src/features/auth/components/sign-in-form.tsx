import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom';
import { ApiError, errorMessage, fieldErrors } from '../../../lib/api-client';
import { getPersist, sessionFromToken, useSession } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { useLogin } from '../api/login';
import { getMfaStatus, useLoginMfa } from '../api/login-mfa';
import { rulesResolver } from '../../../lib/form-rules';
import { EMAIL_CHECK } from '../api/validation';
import { AuthCard } from './auth-card';

/** The password step: LoginRequestDto's email and password, and whether to trust this device (its `persist`). */
type Credentials = { email: string; password: string; persist: boolean };

/** Sign-in's checks: LoginRequestDto's generated rules, in the form's words. */
export const signInResolver = rulesResolver<'LoginRequestDto', Credentials>('LoginRequestDto', {
  email: EMAIL_CHECK,
  password: { required: 'Enter your password', keepSpaces: true },
});

type CodeValues = { code: string };
/** The second step's code: an authenticator code or a recovery code (LoginMfaRequestDto has no generated rule), so presence only. */
export const signInCodeResolver = rulesResolver<'LoginRequestDto', CodeValues>('LoginRequestDto', {
  code: { required: 'Enter the code from your authenticator app, or a recovery code', rule: {} },
});

export function SignInForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const session = useSession();
  // the role gate sends a signed-in user here too (seed §2) when the role does not allow the page: say why
  const refused = session.isLoggedIn && from ? from.pathname : null;
  const { register: field, handleSubmit, setError, getValues, formState } = useForm<Credentials>({
    defaultValues: { email: (location.state as { email?: string } | null)?.email ?? '', password: '', persist: getPersist() },
    resolver: signInResolver,
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const signIn = useLogin();
  const signInMfa = useLoginMfa();
  const busy = signIn.busy || signInMfa.busy;
  // 2FA on: the password was right; the code (or a recovery code) completes the sign-in (product.md §10)
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const codeForm = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: signInCodeResolver });

  /** The hooks have signed in (an emptied cache, the new token): where to now. */
  async function finish(accessToken: string) {
    toast.success('Login Successful');
    const session = sessionFromToken(accessToken);
    // Admins must have 2FA: until they enrol, the API opens only the enrolment.
    if (session.isAdmin && !(await getMfaStatus(accessToken).then((s) => s.enabled, () => true))) {
      navigate('/settings/security', { replace: true });
      return;
    }
    const fallback = session.isAdmin ? '/admindashboard' : '/userdashboard';
    const target = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : fallback;
    navigate(target, { replace: true });
  }

  async function onCode({ code }: CodeValues) {
    if (!mfaToken) return;
    setFormError(null);
    try {
      const { accessToken } = await signInMfa.trigger({ mfaToken, code, persist: getValues('persist') });
      await finish(accessToken);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && (error.info as { code?: string } | undefined)?.code === 'MFA.CHALLENGE_INVALID') setMfaToken(null);
      setFormError(errorMessage(error));
    }
  }

  async function onSubmit({ email, password, persist }: Credentials) {
    setFormError(null);
    setUnverified(false);
    try {
      const result = await signIn.trigger({ email, password, persist });
      if (result.mfaRequired) {
        setMfaToken(result.mfaToken);
        return;
      }
      await finish(result.accessToken);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) setUnverified(true);
      for (const [name, message] of Object.entries(fieldErrors(error, ['email', 'password']))) setError(name as keyof Credentials, { type: 'server', message });
      setFormError(
        error instanceof ApiError && error.status === 401
          ? 'Invalid email or password'
          : error instanceof ApiError && error.status === 402
            ? 'You have not verified your email'
            : errorMessage(error),
      );
    }
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to follow your traders and manage your wallet."
      footer={
        <p>
          New to Mirrorline? <Link to="/register">Create an account</Link>
        </p>
      }
    >
      {refused && (
        <p className="notice" role="status">
          Your account ({session.username || session.email}, {session.status}) cannot open <code>{refused}</code>. Sign in with an account that can, or{' '}
          <Link to={session.isAdmin ? '/admindashboard' : '/userdashboard'}>go back to your dashboard</Link>.
        </p>
      )}
      {mfaToken ? (
        <form onSubmit={(e) => void codeForm.handleSubmit(onCode)(e)} noValidate aria-label="Two-factor code">
          <FormError message={formError} />
          <p className="form-note">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <TextField label="Code" autoComplete="one-time-code" {...codeForm.register('code')} error={codeForm.formState.errors.code?.message} required />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Checking…' : 'Verify'}
          </Button>
        </form>
      ) : (
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Sign in">
        <FormError message={formError} />
        {unverified && (
          <p className="form-note">
            <Link to="/otpverification" state={{ email: getValues('email').trim(), resend: true }}>
              Verify your email
            </Link>{' '}
            to continue.
          </p>
        )}
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} error={errors.email?.message} required />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} error={errors.password?.message} required />
        <div className="form-row form-row--between">
          <CheckboxField label="Trust this device" {...field('persist')} />
          <Link to="/forgotpassword">Forgot password?</Link>
        </div>
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      )}
    </AuthCard>
  );
}
