import { Button } from '../../../components/ui/button';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { digitsOnly, rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { createNewOtp, useResendOtp } from '../api/create-new-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { EMAIL_CHECK, OTP_CHECK } from '../api/validation';
import { rule } from '../../../lib/input-rules';
import { AuthCard } from './auth-card';

type VerifyValues = { email: string; otp: string };
/** Verification's checks: VerifyOtpRequestDto's email and six-digit code. */
export const verifyOtpResolver = rulesResolver<'VerifyOtpRequestDto', VerifyValues>('VerifyOtpRequestDto', { email: EMAIL_CHECK, otp: OTP_CHECK });

export function OtpVerification() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state as { email?: string; resend?: boolean } | null) ?? {};
  const { register, handleSubmit, setError, trigger, getValues, formState } = useForm<VerifyValues>({
    defaultValues: { email: state.email ?? '', otp: '' },
    resolver: verifyOtpResolver,
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const resendOtp = useResendOtp();
  const sentOnArrival = useRef(false);

  async function resend() {
    // only the email is checked: the code is what is missing
    if (!(await trigger('email'))) return;
    try {
      await resendOtp.trigger(getValues('email').trim());
      toast.success('A new code is on its way');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  // arriving from a sign-in refused with 402: the old code may have expired, send a fresh one
  useEffect(() => {
    if (state.resend && state.email && !sentOnArrival.current) {
      sentOnArrival.current = true;
      void createNewOtp(state.email).catch(() => undefined);
    }
  }, [state.resend, state.email]);

  async function onSubmit(body: VerifyValues) {
    setFormError(null);
    try {
      // with an access token in the answer the hook has signed the new user in: no second password entry
      const result = await verify.trigger(body);
      if (result.accessToken) {
        toast.success('Email verified. Welcome to Mirrorline!');
        navigate('/userdashboard', { replace: true });
        return;
      }
      toast.success(result.mfaRequired ? 'Email verified. Sign in with your password and code.' : 'Email verified. You can sign in now.');
      navigate('/signin', { state: { email: body.email } });
    } catch (error) {
      setServerErrors(setError, error, ['email', 'otp']);
      setFormError(errorMessage(error));
    }
  }

  return (
    <AuthCard
      title="Verify your email"
      subtitle="We sent a 6-digit code to your email. It is valid for 10 minutes."
      footer={
        <p>
          <Link to="/signin">Back to sign in</Link>
        </p>
      }
    >
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Verify email">
        <FormError message={formError} />
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} required />
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={rule('VerifyOtpRequestDto', 'otp').maxLength}
          {...digitsOnly(register('otp'))}
          error={errors.otp?.message}
          required
        />
        <Button type="submit" variant="primary" block disabled={verify.busy}>
          {verify.busy ? 'Verifying…' : 'Verify'}
        </Button>
        <Button block onClick={() => void resend()} disabled={resendOtp.busy}>
          {resendOtp.busy ? 'Sending…' : 'Resend code'}
        </Button>
      </form>
    </AuthCard>
  );
}
