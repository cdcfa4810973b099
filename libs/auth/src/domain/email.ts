/** Emails are compared case-insensitively; users.email is stored lower-case (CHECK users_email_lower_check). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
