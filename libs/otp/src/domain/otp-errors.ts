import { DomainError } from '@mirrorline/shared';
import type { VerifyOutcome } from './one-time-code';

/** The HTTP-facing error of a failed try (product.md: 400 wrong/expired, 429 after 5 wrong tries). */
export function otpFailure(outcome: Exclude<VerifyOutcome, { kind: 'verified' }>): DomainError {
  if (outcome.kind === 'burned') {
    return new DomainError('OTP.TOO_MANY_ATTEMPTS', 'Too many wrong codes. Request a new code.', 'too_many_requests', {
      retryAfterSeconds: Math.max(1, outcome.retryAfterSeconds),
    });
  }
  return new DomainError('OTP.INVALID', 'The code is wrong or has expired', 'validation');
}
