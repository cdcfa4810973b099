import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_PURPOSES = ['email_verification', 'password_reset', 'login_step_up'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** product.md §6: 6 digits, 10 minutes, 5 wrong tries burn the code. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_FORMAT = /^\d{6}$/;
/** Codes sent per user and purpose per window; beyond it requests are answered but no mail goes out (no mail bombing). */
export const OTP_SEND_LIMIT = 5;
export const OTP_SEND_WINDOW_MS = 15 * 60 * 1000;

export interface OneTimeCodeState {
  id: string;
  userId: string;
  purpose: OtpPurpose;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

export type VerifyOutcome =
  | { kind: 'verified' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'expired' }
  | { kind: 'burned'; retryAfterSeconds: number }
  | { kind: 'missing' };

/** Uniform over 000000–999999 (crypto.randomInt, no modulo bias). */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code. Keyed with a server-side pepper so that a leaked table cannot be
 * brute-forced offline (a 6-digit space is tiny), and bound to user and purpose so a code for
 * one purpose can never satisfy the other.
 */
export function hashOtpCode(pepper: string, userId: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', pepper).update(`${purpose}:${userId}:${code}`).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One try against the live code. Returns the outcome and the state to store. Order matters:
 * a used code is gone, an expired one stays expired even with the right digits, a burned one
 * (5 wrong tries) refuses even the right digits until a new code is requested.
 */
export function attemptCode(
  code: OneTimeCodeState | null,
  candidateHash: string,
  now: Date,
): { outcome: VerifyOutcome; next?: Pick<OneTimeCodeState, 'attempts' | 'consumedAt'> } {
  if (!code || code.consumedAt) return { outcome: { kind: 'missing' } };
  if (now.getTime() >= code.expiresAt.getTime()) return { outcome: { kind: 'expired' } };
  if (code.attempts >= OTP_MAX_ATTEMPTS) {
    return { outcome: { kind: 'burned', retryAfterSeconds: Math.ceil((code.expiresAt.getTime() - now.getTime()) / 1000) } };
  }
  if (hashesEqual(code.codeHash, candidateHash)) {
    return { outcome: { kind: 'verified' }, next: { attempts: code.attempts, consumedAt: now } };
  }
  const attempts = code.attempts + 1;
  return { outcome: { kind: 'wrong', attemptsLeft: OTP_MAX_ATTEMPTS - attempts }, next: { attempts, consumedAt: null } };
}
