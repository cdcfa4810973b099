import { ruleMessage } from '../../../lib/form-rules';
import { matchesPattern, rule, withinLength } from '../../../lib/input-rules';

/** Client-side checks against the API's own rules (lib/api-rules.ts, generated from the OpenAPI document). */
const EMAIL = rule('EmailRequestDto', 'email');
export const PASSWORD = rule('RegisterRequestDto', 'password');
const OTP = rule('VerifyOtpRequestDto', 'otp');

export function emailError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter your email';
  if (!matchesPattern(EMAIL, v) || !withinLength(EMAIL, v)) return 'Enter a valid email address';
  return undefined;
}

export function passwordError(value: string, label = 'password'): string | undefined {
  return ruleMessage(PASSWORD, { required: `Enter a ${label}` }, value);
}

export function otpError(value: string): string | undefined {
  if (!matchesPattern(OTP, value.trim())) return 'Enter the 6-digit code from the email';
  return undefined;
}

export function compact(errors: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (v) out[k] = v;
  return out;
}
