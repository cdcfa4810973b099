import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, Matches, registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * Characters that make text read differently from what it holds: C0/C1 controls (tab and line breaks
 * aside), bidirectional overrides and isolates (U+202E turns "moc.live" into "evil.com" on screen), and
 * invisible characters (zero-width space, word joiner, BOM, soft hyphen). ZWJ and ZWNJ stay allowed:
 * emoji sequences and several scripts need them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/;

export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTERS.test(value);
}

/** Free text that people (admins above all) read: no control, bidirectional or invisible characters. */
export function IsPlainText(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPlainText',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must not contain control, bidirectional or invisible characters`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasHiddenCharacters(value) },
    });
}

/**
 * The one form an email address is compared in: NFKC (full-width "ａｄｍｉｎ" becomes "admin"), trimmed,
 * lower-case. Uniqueness and every look-up use this form.
 */
export function normaliseEmailAddress(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/**
 * The shape every account email has once normalised: visible ASCII, one @, a dot in the domain. Implied by
 * the checks of `IsAccountEmail` (an address passing them always matches); declared as the `pattern` of
 * the email fields in the OpenAPI document, which the SPA checks input against.
 */
export const EMAIL_PATTERN = /^[\x21-\x3F\x41-\x7E]+@[\x21-\x3F\x41-\x7E]+\.[\x21-\x3F\x41-\x7E]+$/;

/**
 * An email field: normalised as above, then an ASCII address only. A non-ASCII local part ("admın@",
 * dotless ı) could pass for another account's address on screen, so it is refused.
 */
export function IsAccountEmail(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseEmailAddress(value) : value)),
    IsEmail({ allow_utf8_local_part: false }, { message: 'email must be a valid email address' }),
    Matches(/^[\x21-\x7E]+$/, { message: 'email must be written with ASCII characters only' }),
  );
}
