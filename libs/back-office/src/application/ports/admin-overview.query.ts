import type { StoredCents } from '@mirrorline/shared';
export interface AdminOverview {
  users: number;
  verified: number;
  blocked: number;
  kycPending: number;
  kycVerified: number;
  traders: number;
  admins: number;
  copies: number;
  activeCopies: number;
  /** cents */
  totalCash: StoredCents;
  totalTradingBalance: StoredCents;
  totalHeld: StoredCents;
  pendingDeposits: number;
  pendingWithdrawals: number;
  /** four-eyes requests (admin grants, balance adjustments) waiting for a second admin */
  pendingApprovals: number;
  pendingDepositsAmount: StoredCents;
  pendingWithdrawalsAmount: StoredCents;
}

/** Counts and totals for the admin overview (admin_details), read across contexts' tables. */
export abstract class AdminOverviewQuery {
  abstract read(): Promise<AdminOverview>;
}
