import { DomainError } from '@mirrorline/shared';

/** Shared by the per-email and the per-IP sign-in limits: one answer, whichever limit was hit. */
export const AUTH_TOO_MANY_LOGIN_ATTEMPTS = 'AUTH.TOO_MANY_LOGIN_ATTEMPTS';
export const TOO_MANY_LOGIN_ATTEMPTS_MESSAGE = 'Too many login attempts';

/** The auth failures of product.md §6, with the messages the SPA shows (seed §8). */
export const AuthErrors = {
  invalidCredentials: () => new DomainError('AUTH.INVALID_CREDENTIALS', 'Invalid email or password', 'unauthorized'),
  emailNotVerified: () => new DomainError('AUTH.EMAIL_NOT_VERIFIED', 'You have not verified your email', 'payment_required'),
  blocked: () => new DomainError('BLOCKED', 'Your account has been blocked', 'forbidden'),
  tooManyLogins: (retryAfterSeconds: number) =>
    new DomainError(AUTH_TOO_MANY_LOGIN_ATTEMPTS, TOO_MANY_LOGIN_ATTEMPTS_MESSAGE, 'too_many_requests', { retryAfterSeconds }),
  emailTaken: () => new DomainError('AUTH.EMAIL_TAKEN', 'This email is already registered', 'conflict'),
  usernameTaken: () => new DomainError('AUTH.USERNAME_TAKEN', 'This username is already taken', 'conflict'),
  noRefreshToken: () => new DomainError('AUTH.NO_REFRESH_TOKEN', 'No refresh token', 'unauthorized'),
  refreshRejected: () => new DomainError('AUTH.REFRESH_REJECTED', 'Your session has expired or was revoked; please sign in again', 'forbidden'),
  invalidResetToken: () => new DomainError('AUTH.INVALID_RESET_TOKEN', 'The reset token is invalid, used or expired', 'validation'),
  wrongCurrentPassword: () => new DomainError('AUTH.WRONG_PASSWORD', 'Current password is incorrect', 'unauthorized'),
  stepUpRequired: () =>
    new DomainError(
      'AUTH.STEP_UP_REQUIRED',
      // One message for every case past the bound (right or wrong password, no code, wrong or used code):
      // it must not say whether a code went out.
      'This account had too many failed sign-ins: sign in with your password and the code mailed to the account (without a code, a new one is mailed)',
      'forbidden',
    ),
  notWhileImpersonating: () => new DomainError('FORBIDDEN', 'Not allowed while acting as another user', 'forbidden'),
};
