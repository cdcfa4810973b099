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
  totalCash: number;
  totalTradingBalance: number;
  totalHeld: number;
  pendingDeposits: number;
  pendingWithdrawals: number;
  pendingDepositsAmount: number;
  pendingWithdrawalsAmount: number;
}

/** Counts and totals for the admin overview (admin_details), read across contexts' tables. */
export abstract class AdminOverviewQuery {
  abstract read(): Promise<AdminOverview>;
}
