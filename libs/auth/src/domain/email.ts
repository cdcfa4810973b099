/**
 * Emails are compared in one form: NFKC (full-width or compatibility characters fold to their plain
 * form, so "ａｄｍｉｎ@" cannot shadow "admin@"), trimmed, lower-case. users.email is stored in this form
 * (CHECK users_email_lower_check keeps it lower-case).
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
