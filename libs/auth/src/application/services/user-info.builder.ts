import { Injectable, Optional } from '@nestjs/common';
import { formatCents } from '@mirrorline/shared';
import type { UserInfo } from '../../domain/user-info';
import type { AccountRecord } from '../ports/user-accounts';
import { UserBalances } from '../ports/user-balances';
import { NoUserInfoExtras, UserInfoExtras } from '../ports/user-info-extras';

/** The access token's UserInfo (seed §3), with live balances from the ledger. */
@Injectable()
export class UserInfoBuilder {
  private readonly extras: UserInfoExtras;

  constructor(
    private readonly balances: UserBalances,
    // Provided by copy trading through a global module once it exists; optional so auth stands alone.
    @Optional() extras?: UserInfoExtras,
  ) {
    this.extras = extras ?? new NoUserInfoExtras();
  }

  async build(account: AccountRecord): Promise<UserInfo> {
    const [balances, extras] = await Promise.all([this.balances.of(account.id), this.extras.of(account.id)]);
    return {
      userId: account.id,
      verified: account.emailVerified,
      email: account.email,
      username: account.username,
      firstname: account.firstname,
      lastname: account.lastname,
      traderID: extras.traderID,
      copyID: extras.copyID,
      balance: formatCents(balances.cash),
      tradingBalance: formatCents(balances.copyEquity),
      roles: account.roles,
      kycverified: account.kycStatus === 'Verified',
      kycstring: account.kycStatus,
      copiedTrades: extras.copiedTrades,
    };
  }
}
