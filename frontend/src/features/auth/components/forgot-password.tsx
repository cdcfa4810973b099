import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { digitsOnly, rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { useResetPassword, useSendResetCode, useVerifyResetCode } from '../api/forgot-password';
import { lengthHint, rule } from '../../../lib/input-rules';
import { EMAIL_CHECK, OTP_CHECK, PASSWORD } from '../api/validation';
import { AuthCard } from './auth-card';

type Step = 'email' | 'code' | 'password';
const STEPS: Step[] = ['email', 'code', 'password'];

type ResetValues = { email: string; otp: string; password: string; confirm: string };
/** Each step's checks, by its request schema: the email (EmailRequestDto), the code (VerifyOtpRequestDto), the new password (ResetPasswordRequestDto) twice. */
export const resetResolvers = {
  email: rulesResolver<'EmailRequestDto', ResetValues>('EmailRequestDto', { email: EMAIL_CHECK }),
  code: rulesResolver<'VerifyOtpRequestDto', ResetValues>('VerifyOtpRequestDto', { otp: OTP_CHECK }),
  password: rulesResolver<'ResetPasswordRequestDto', ResetValues>('ResetPasswordRequestDto', {
    password: { required: 'Enter a new password', keepSpaces: true },
    confirm: { keepSpaces: true, check: (confirm, v) => (confirm !== v.password ? 'The passwords do not match' : undefined) },
  }),
} satisfies Record<Step, unknown>;

/** Three steps: email → code → new password (auth/forgotpassword/*). */
export function ForgotPassword() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const { register, handleSubmit, setError, getValues, formState } = useForm<ResetValues>({
    defaultValues: { email: '', otp: '', password: '', confirm: '' },
    resolver: resetResolvers[step],
  });
  const errors = formState.errors;
  // the server's answer to the code, which the last step sends
  const [resetToken, setResetToken] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const sendOtp = useSendResetCode();
  const verifyOtp = useVerifyResetCode();
  const resetPassword = useResetPassword();
  const busy = sendOtp.busy || verifyOtp.busy || resetPassword.busy;

  /** The step's submit: its checked values to `action`, a refusal's field messages back on `fields`. */
  const submit = (action: (v: ResetValues) => Promise<void>, fields: Path<ResetValues>[]) =>
    handleSubmit(async (v) => {
      setFormError(null);
      try {
        await action(v);
      } catch (error) {
        setServerErrors(setError, error, fields);
        setFormError(errorMessage(error));
      }
    });

  const sendCode = submit(async ({ email }) => {
    await sendOtp.trigger(email);
    toast.success('If the email is registered, a code is on its way');
    setStep('code');
  }, ['email']);

  const verifyCode = submit(async ({ email, otp }) => {
    const { resetToken: token } = await verifyOtp.trigger({ email, otp });
    setResetToken(token);
    setStep('password');
  }, ['otp']);

  const reset = submit(async ({ email, password }) => {
    await resetPassword.trigger({ resetToken, password });
    toast.success('Password changed. Sign in with your new password.');
    navigate('/signin', { state: { email } });
  }, ['password']);

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
        <form onSubmit={(e) => void sendCode(e)} noValidate aria-label="Request a reset code">
          <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} required />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Sending…' : 'Send code'}
          </Button>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={(e) => void verifyCode(e)} noValidate aria-label="Enter the reset code">
          <p className="muted small">We sent a 6-digit code to {getValues('email').trim()}.</p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={rule('VerifyOtpRequestDto', 'otp').maxLength}
            {...digitsOnly(register('otp'))}
            error={errors.otp?.message}
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
        <form onSubmit={(e) => void reset(e)} noValidate aria-label="Choose a new password">
          <TextField label="New password" type="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} hint={lengthHint(PASSWORD)} required />
          <TextField label="Repeat the password" type="password" autoComplete="new-password" {...register('confirm')} error={errors.confirm?.message} required />
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? 'Saving…' : 'Reset password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
