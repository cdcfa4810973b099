import type { KycStatus, Role } from '@mirrorline/users';

/** The access token's `UserInfo` payload (seed §3 "Signed-in user"). Balances are 2-decimal strings. */
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

/** What a verified access token tells the server about the caller. */
export interface AuthenticatedUser {
  userId: string;
  email: string;
  roles: Role[];
  /** Set when an admin acts as this user (admin/impersonate): the admin's id. */
  impersonatedBy?: string;
  traderID: number | null;
}

export interface AccessTokenClaims {
  UserInfo: UserInfo;
  sub: string;
  typ: 'access';
  /** Present on impersonation tokens: the admin's user id. */
  imp?: string;
  iat?: number;
  exp?: number;
}
