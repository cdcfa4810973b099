import type { Schema } from '../../../lib/api';

/** A row of the admin's user table (GET /api/user/get-all: the document's schema). */
export type AdminUser = Schema<'UserRowDto'>;
type Role = AdminUser['roles'][number];
type Kyc = AdminUser['KYC'];

/** Every value of the document's enums, in display order: a missing or unknown one is a type error. */
function allOf<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : 'missing a value of the API enum')) => list;
}
export const ROLE_OPTIONS = allOf<Role>()(['User', 'Trader', 'Admin']);
export const KYC_OPTIONS = allOf<Kyc>()(['Unverified', 'Pending', 'Verified']);

/** Seed §8 "Admin log in as user": status → message. */
export function impersonationMessage(status: unknown): string {
  if (status === 401) return 'Invalid email or password';
  if (status === 429) return 'Too many login attempts';
  if (status === 402) return 'You have not verified your email';
  return 'Something went wrong';
}
