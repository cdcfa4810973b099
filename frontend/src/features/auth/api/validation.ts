/** Client-side checks that mirror the API's rules (passwords 8–128, 6-digit codes). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | undefined {
  if (!value.trim()) return 'Enter your email';
  if (!EMAIL_RE.test(value.trim())) return 'Enter a valid email address';
  return undefined;
}

export function passwordError(value: string, label = 'password'): string | undefined {
  if (!value) return `Enter a ${label}`;
  if (value.length < 8) return 'Use at least 8 characters';
  if (value.length > 128) return 'Use at most 128 characters';
  return undefined;
}

export function otpError(value: string): string | undefined {
  if (!/^\d{6}$/.test(value.trim())) return 'Enter the 6-digit code from the email';
  return undefined;
}

export function compact(errors: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (v) out[k] = v;
  return out;
}
