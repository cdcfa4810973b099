import { formatCents, type StoredCents } from '@mirrorline/shared';
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

/** The account fields UserInfo is made of (auth's AccountRecord and users' UserAccount both have them). */
export interface UserInfoAccount {
  id: string;
  emailVerified: boolean;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  roles: Role[];
  kycStatus: KycStatus;
}

/** The live facts of UserInfo: ledger balances (cents) and the copy-trading part. */
export interface UserInfoFacts {
  cash: StoredCents;
  copyEquity: StoredCents;
  traderID: number | null;
  /** the user's live (not stopped) copies, oldest first */
  copyID: string[];
  copiedTrades: number;
}

/**
 * The one place UserInfo is put together: the access token's payload and GET user/get both come from here
 * (auth's UserInfoBuilder reads the facts, user management shows the same object).
 */
export function buildUserInfo(account: UserInfoAccount, facts: UserInfoFacts): UserInfo {
  return {
    userId: account.id,
    verified: account.emailVerified,
    email: account.email,
    username: account.username,
    firstname: account.firstname,
    lastname: account.lastname,
    traderID: facts.traderID,
    copyID: facts.copyID,
    balance: formatCents(facts.cash),
    tradingBalance: formatCents(facts.copyEquity),
    roles: account.roles,
    kycverified: account.kycStatus === 'Verified',
    kycstring: account.kycStatus,
    copiedTrades: facts.copiedTrades,
  };
}
