import type { KycStatus, Role } from './roles';

/** The access token's `UserInfo` payload (seed §3 "Signed-in user"), also the core of GET user/get. Balances are 2-decimal strings. */
export interface UserInfo {
  userId: string;
  verified: boolean;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  traderID: number | null;
  copyID: string[];
  balance: string;
  tradingBalance: string;
  roles: Role[];
  kycverified: boolean;
  kycstring: KycStatus;
  copiedTrades: number;
}
