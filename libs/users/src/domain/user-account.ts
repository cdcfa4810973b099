import type { KycStatus, Role } from './user';

/** A user as the users context reasons about it (no password hash here: it never leaves the adapters). */
export interface UserAccount {
  id: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  roles: Role[];
  emailVerified: boolean;
  kycStatus: KycStatus;
  blocked: boolean;
  deletedAt: Date | null;
  createdAt: Date;
}

/** Balances in cents, read from the ledger (cash, held withdrawals, Σ copy equity). */
export interface Balances {
  cash: number;
  held: number;
  copyEquity: number;
}

export const ZERO_BALANCES: Balances = { cash: 0, held: 0, copyEquity: 0 };

/**
 * The personal data a deleted account keeps: nothing that identifies the person. The ledger keeps
 * its rows (money history is never erased), so the row stays and only its identity is replaced.
 * Email and username stay unique (both have unique indexes) by deriving them from the id.
 */
export function tombstoneFor(id: string): { email: string; username: string; firstname: string; lastname: string } {
  const compact = id.replace(/-/g, '').toLowerCase();
  return {
    email: `deleted-${compact}@deleted.invalid`,
    username: `deleted_${compact.slice(0, 24)}`,
    firstname: '',
    lastname: '',
  };
}

/** Why an account cannot be deleted yet, or null when it can. */
export function deletionBlocker(balances: Balances, openCopies: number): string | null {
  if (balances.cash !== 0 || balances.held !== 0 || balances.copyEquity !== 0) {
    return 'The account still holds money: withdraw or move it before deleting the account';
  }
  if (openCopies > 0) return 'The account still has open copies: stop them before deleting the account';
  return null;
}

export interface ProfileChanges {
  roles?: Role[];
  kycStatus?: KycStatus;
  /** target cash balance in cents */
  cash?: number;
}

/** Keeps only the fields that really change; an empty result means "No changes to update". */
export function effectiveChanges(current: { roles: Role[]; kycStatus: KycStatus; cash: number }, wanted: ProfileChanges): ProfileChanges {
  const changes: ProfileChanges = {};
  if (wanted.roles && wanted.roles.join(',') !== current.roles.join(',')) changes.roles = wanted.roles;
  if (wanted.kycStatus && wanted.kycStatus !== current.kycStatus) changes.kycStatus = wanted.kycStatus;
  if (wanted.cash !== undefined && wanted.cash !== current.cash) changes.cash = wanted.cash;
  return changes;
}
