import { DomainError } from '@mirrorline/shared';

/** The account-security failures of product.md §10. */
export const SecurityErrors = {
  mfaAlreadyEnabled: () => new DomainError('MFA.ALREADY_ENABLED', 'Two-factor authentication is already on', 'conflict'),
  mfaNotSetUp: () => new DomainError('MFA.NOT_SET_UP', 'Start the set-up first (POST auth/mfa/setup/)', 'validation'),
  mfaNotEnabled: () => new DomainError('MFA.NOT_ENABLED', 'Two-factor authentication is not on', 'validation'),
  wrongCode: () => new DomainError('MFA.INVALID_CODE', 'The code is wrong or was already used', 'validation'),
  challengeInvalid: () => new DomainError('MFA.CHALLENGE_INVALID', 'The sign-in step has expired; sign in again', 'validation'),
  tooManyCodes: (retryAfterSeconds: number) =>
    new DomainError('MFA.TOO_MANY_ATTEMPTS', 'Too many wrong codes; try again later', 'too_many_requests', { retryAfterSeconds }),
  mfaRequired: () => new DomainError('MFA_REQUIRED', 'Enter the code from your authenticator app (X-MFA-Code header)', 'forbidden'),
  adminCannotDisable: () => new DomainError('FORBIDDEN', 'Admins cannot turn two-factor authentication off', 'forbidden'),
  enrolmentRequired: () =>
    new DomainError('MFA_ENROLMENT_REQUIRED', 'Admins must turn on two-factor authentication before anything else', 'forbidden'),
  tokenRevoked: () =>
    new DomainError('TOKEN_REVOKED', 'This session was signed out; please sign in again', 'forbidden', {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    }),
  tokenScope: () => new DomainError('TOKEN_SCOPE', 'An API token cannot do this', 'forbidden'),
  sessionNotFound: () => new DomainError('SESSION.NOT_FOUND', 'Session not found', 'not_found'),
  apiTokenNotFound: () => new DomainError('API_TOKEN.NOT_FOUND', 'API token not found', 'not_found'),
  notWithApiToken: () => new DomainError('TOKEN_SCOPE', 'An API token cannot do this', 'forbidden'),
  wrongPassword: () => new DomainError('AUTH.WRONG_PASSWORD', 'Password is incorrect', 'validation'),
};
