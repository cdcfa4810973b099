import { Button } from '../../../components/ui/button';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { useResetPassword, useSendResetCode, useVerifyResetCode } from '../api/forgot-password';
import { lengthHint, rule } from '../../../lib/input-rules';
import { emailError, otpError, PASSWORD, passwordError } from '../api/validation';
import { AuthCard } from './auth-card';

type Step = 'email' | 'code' | 'password';
const STEPS: Step[] = ['email', 'code', 'password'];

/** Three steps: email → code → new password (auth/forgotpassword/*). */
export function ForgotPassword() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const sendOtp = useSendResetCode();
  const verifyOtp = useVerifyResetCode();
  const resetPassword = useResetPassword();
  const busy = sendOtp.busy || verifyOtp.busy || resetPassword.busy;

  async function run(action: () => Promise<void>, fields: string[]) {
    setFormError(null);
    try {
      await action();
    } catch (error) {
      setErrors(fieldErrors(error, fields));
      setFormError(errorMessage(error));
    }
  }

  function sendCode(e: FormEvent) {
    e.preventDefault();
    const err = emailError(email);
    setErrors(err ? { email: err } : {});
    if (err) return;
    void run(async () => {
      await sendOtp.trigger(email.trim());
      toast.success('If the email is registered, a code is on its way');
      setStep('code');
    }, ['email']);
  }

  function verifyCode(e: FormEvent) {
    e.preventDefault();
    const err = otpError(otp);
    setErrors(err ? { otp: err } : {});
    if (err) return;
    void run(async () => {
      const { resetToken: token } = await verifyOtp.trigger({ email: email.trim(), otp: otp.trim() });
      setResetToken(token);
      setStep('password');
    }, ['otp']);
  }

  function reset(e: FormEvent) {
    e.preventDefault();
    const pErr = passwordError(password, 'new password');
    const cErr = confirm !== password ? 'The passwords do not match' : undefined;
    const next: Record<string, string> = {};
    if (pErr) next.password = pErr;
    if (cErr) next.confirm = cErr;
    setErrors(next);
    if (pErr || cErr) return;
    void run(async () => {
      await resetPassword.trigger({ resetToken, password });
      toast.success('Password changed. Sign in with your new password.');
      navigate('/signin', { state: { email: email.trim() } });
    }, ['password']);
  }

  const index = STEPS.indexOf(step);
  return (
    <AuthCard
      title="Reset your password"
      subtitle={`Step ${index + 1} of 3`}
      footer={
        <p>
          <Link to="/signin">Back to sign in</Link>
        </p>
      }
    >
      <ol className="steps" aria-label="Progress">
        {['Email', 'Code', 'New password'].map((label, i) => (
          <li key={label} className={i < index ? 'is-done' : i === index ? 'is-current' : ''} aria-current={i === index ? 'step' : undefined}>
            {label}
          </li>
        ))}
      </ol>
      <FormError message={formError} />
      {step === 'email' && (
        <form onSubmit={sendCode} noValidate aria-label="Request a reset code">
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Sending…' : 'Send code'}
          </Button>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={verifyCode} noValidate aria-label="Enter the reset code">
          <p className="muted small">We sent a 6-digit code to {email.trim()}.</p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={rule('VerifyOtpRequestDto', 'otp').maxLength}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            error={errors.otp}
            required
          />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Checking…' : 'Verify code'}
          </Button>
          <Button block onClick={() => setStep('email')}>
            Use another email
          </Button>
        </form>
      )}
      {step === 'password' && (
        <form onSubmit={reset} noValidate aria-label="Choose a new password">
          <TextField label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint={lengthHint(PASSWORD)} required />
          <TextField label="Repeat the password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} required />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Saving…' : 'Reset password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
