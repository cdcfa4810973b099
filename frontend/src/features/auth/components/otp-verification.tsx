import { Button } from '../../../components/ui/button';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormError, TextField } from '../../../components/ui/field';
import { createNewOtp, useResendOtp } from '../api/create-new-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { compact, emailError, otpError } from '../api/validation';
import { rule } from '../../../lib/input-rules';
import { AuthCard } from './auth-card';

export function OtpVerification() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state as { email?: string; resend?: boolean } | null) ?? {};
  const [email, setEmail] = useState(state.email ?? '');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const resendOtp = useResendOtp();
  const sentOnArrival = useRef(false);

  async function resend() {
    const err = emailError(email);
    if (err) {
      setErrors({ email: err });
      return;
    }
    try {
      await resendOtp.trigger(email.trim());
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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = compact({ email: emailError(email), otp: otpError(otp) });
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      // with an access token in the answer the hook has signed the new user in: no second password entry
      const result = await verify.trigger({ email: email.trim(), otp: otp.trim() });
      if (result.accessToken) {
        toast.success('Email verified. Welcome to Mirrorline!');
        navigate('/userdashboard', { replace: true });
        return;
      }
      toast.success(result.mfaRequired ? 'Email verified. Sign in with your password and code.' : 'Email verified. You can sign in now.');
      navigate('/signin', { state: { email: email.trim() } });
    } catch (error) {
      setErrors(fieldErrors(error, ['email', 'otp']));
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
      <form onSubmit={onSubmit} noValidate aria-label="Verify email">
        <FormError message={formError} />
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
        <TextField
          label="Verification code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={rule('VerifyOtpRequestDto', 'otp').maxLength}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          error={errors.otp}
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
