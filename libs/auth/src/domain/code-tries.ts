import { createHash } from 'node:crypto';

/**
 * Wrong one-time-code tries are also counted per (normalised email, purpose), whether or not the
 * email has an account or a live code. Otherwise an unknown email answers 400 forever while a known
 * one answers 429 at the 6th wrong try, which tells the two apart (account enumeration). The figures
 * mirror a code's own: 5 wrong tries within its 10-minute life; and requesting a code starts the
 * count over, at most 5 times per 15 minutes, as sending a code does (@mirrorline/otp's constants,
 * checked equal by code-tries.spec.ts; the domain imports no other context).
 */
export const CODE_TRY_LIMIT = 5;
export const CODE_TRY_WINDOW_MS = 10 * 60 * 1000;
export const CODE_REQUEST_LIMIT = 5;
export const CODE_REQUEST_WINDOW_MS = 15 * 60 * 1000;

export type CodePurpose = 'email_verification' | 'password_reset';

/**
 * Storage keys. The email is hashed: keys stay short and the log holds no addresses of people who
 * may have no account. A key has no '@', so it can never equal an email of the login log it shares.
 */
export function codeTryKey(email: string, purpose: CodePurpose): string {
  return `otp-try:${purpose}:${sha256(email)}`;
}

export function codeRequestKey(email: string, purpose: CodePurpose): string {
  return `otp-request:${purpose}:${sha256(email)}`;
}

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
