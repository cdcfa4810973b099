import type { KycStatus, Role } from './roles';

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
  /** number while safe; a bigint for a value stored before the balance limit (display only, never rounded) */
  cash: number | bigint;
  held: number | bigint;
  copyEquity: number | bigint;
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

/** What a trader's profile still carries: other people's money follows it until both are zero. */
export interface TraderExposure {
  /** copies of this trader that are not 'stopped' (active, paused or stopping) */
  liveCopies: number;
  /** the trader's trades with status 'open' (followers hold positions in them) */
  openTrades: number;
}

export const NO_TRADER_EXPOSURE: TraderExposure = { liveCopies: 0, openTrades: 0 };

export interface Blocker {
  code: string;
  message: string;
}

/**
 * Why a trader may not lose the profile (by deletion or by losing the Trader role), or null. Followers'
 * copies and open positions hang on the profile: removing it would strand their equity with no one
 * left to close the trades.
 */
export function traderExposureBlocker(exposure: TraderExposure): Blocker | null {
  if (exposure.liveCopies === 0 && exposure.openTrades === 0) return null;
  return {
    code: 'USERS.TRADER_HAS_FOLLOWERS',
    message:
      `The user is a trader with ${exposure.liveCopies} live cop${exposure.liveCopies === 1 ? 'y' : 'ies'} and ` +
      `${exposure.openTrades} open trade${exposure.openTrades === 1 ? '' : 's'}: close the trades and let every copy stop first`,
  };
}

/** Why an account cannot be deleted yet, or null when it can. */
export function deletionBlocker(
  balances: Balances,
  openCopies: number,
  pendingRequests = 0,
  trader: TraderExposure = NO_TRADER_EXPOSURE,
): Blocker | null {
  if (balances.cash !== 0 || balances.held !== 0 || balances.copyEquity !== 0) {
    return { code: 'USERS.HAS_FUNDS', message: 'The account still holds money: withdraw or move it before deleting the account' };
  }
  if (openCopies > 0) return { code: 'USERS.HAS_FUNDS', message: 'The account still has open copies: stop them before deleting the account' };
  // A Pending deposit could still be approved into a deleted account; a decision must come first.
  if (pendingRequests > 0) {
    return {
      code: 'USERS.PENDING_TRANSACTIONS',
      message: 'The account has deposits or withdrawals waiting for a decision: approve or reject them before deleting the account',
    };
  }
  return traderExposureBlocker(trader);
}

export interface ProfileChanges {
  roles?: Role[];
  kycStatus?: KycStatus;
  /** target cash balance in cents */
  cash?: number;
}

/** Keeps only the fields that really change; an empty result means "No changes to update". */
export function effectiveChanges(current: { roles: Role[]; kycStatus: KycStatus; cash: number | bigint }, wanted: ProfileChanges): ProfileChanges {
  const changes: ProfileChanges = {};
  if (wanted.roles && wanted.roles.join(',') !== current.roles.join(',')) changes.roles = wanted.roles;
  if (wanted.kycStatus && wanted.kycStatus !== current.kycStatus) changes.kycStatus = wanted.kycStatus;
  if (wanted.cash !== undefined && wanted.cash !== current.cash) changes.cash = wanted.cash;
  return changes;
}
