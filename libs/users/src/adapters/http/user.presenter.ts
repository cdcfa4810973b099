import { formatCents } from '@mirrorline/shared';
import type { UserListItem } from '../../application/use-cases/list-users/list-users.use-case';
import type { UserProfile } from '../../application/services/user-info.assembler';

/** The admin table's row (seed §3 "User (as managed by admin)") — never a password or a hash. */
export function presentUser(item: UserListItem) {
  const { account } = item;
  return {
    _id: account.id,
    username: account.username,
    firstname: account.firstname,
    lastname: account.lastname,
    email: account.email,
    roles: account.roles,
    traderID: item.traderID,
    KYC: account.kycStatus,
    balance: formatCents(item.balances.cash),
    tradingBalance: formatCents(item.balances.copyEquity),
    verified: account.emailVerified,
    blocked: account.blocked,
    createdAt: account.createdAt.toISOString(),
  };
}

/** GET user/get: the caller's live profile (the token's UserInfo fields plus KYC, held funds and copies). */
export function presentProfile(profile: UserProfile) {
  return {
    _id: profile.account.id,
    ...profile.info,
    liveTradingBalance: profile.liveTradingBalance,
    KYC: profile.account.kycStatus,
    held: profile.held,
    blocked: profile.account.blocked,
    createdAt: profile.account.createdAt.toISOString(),
    copies: profile.copies.map((copy) => ({
      id: copy.id,
      traderId: copy.traderId,
      status: copy.status,
      equity: formatCents(copy.equity),
      createdAt: copy.createdAt.toISOString(),
    })),
  };
}
