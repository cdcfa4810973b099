import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** RFC 6238 as product.md §10 fixes it: SHA-1, 6 digits, 30-second steps, ±1 step of drift. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes per account (login step, withdrawals, set-up) before 429, and the window. */
export const MFA_TRY_LIMIT = 5;
export const MFA_TRY_WINDOW_MS = 15 * 60 * 1000;

export const totpStepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

const SIX_DIGITS = /^\d{6}$/;

/**
 * The step a TOTP code belongs to, or null. `codeAt(step)` computes the code of a step (the HOTP of
 * RFC 4226 with the step as counter). Steps at or before `lastStep` are never accepted again: a code
 * seen once (even by a phishing proxy) cannot be replayed inside its ±30 s window, and neither can an
 * older one.
 */
export function matchTotpStep(code: string, nowMs: number, lastStep: number | null, codeAt: (step: number) => string): number | null {
  if (!SIX_DIGITS.test(code)) return null;
  const current = totpStepAt(nowMs);
  let matched: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    // Compare every candidate, in constant time: which step matched must not show in the timing.
    if (timingSafeEqual(Buffer.from(codeAt(step)), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

// No 0/O, 1/I/L: codes are read off paper.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `XXXXX-XXXXX`: 10 characters of a 31-letter alphabet (≈ 49 bits); single use and rate-limited. */
export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 10; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[A-Z0-9]{10}$/.test(normaliseRecoveryCode(code));
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`mirrorline-recovery:${normaliseRecoveryCode(code)}`, 'utf8').digest('hex');
}
