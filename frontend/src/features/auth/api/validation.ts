import type { FieldCheck } from '../../../lib/form-rules';
import { rule } from '../../../lib/input-rules';

/** The auth forms' words for the API's own rules (lib/api-rules.ts, generated from the OpenAPI document). */
export const PASSWORD = rule('RegisterRequestDto', 'password');

/** An email field: the DTO's email pattern and length. */
export const EMAIL_CHECK: FieldCheck<unknown> = { required: 'Enter your email', invalid: 'Enter a valid email address' };

const OTP_MESSAGE = 'Enter the 6-digit code from the email';
/** The emailed code: the DTO's six digits. */
export const OTP_CHECK: FieldCheck<unknown> = { required: OTP_MESSAGE, invalid: OTP_MESSAGE };
