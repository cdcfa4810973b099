import { Injectable, Optional } from '@nestjs/common';
import { buildUserInfo, type UserInfo, type UserInfoAccount, type UserInfoFacts } from '@mirrorline/accounts';
import type { StoredCents } from '@mirrorline/shared';
import { UserBalances } from '../ports/user-balances';
import { NoUserInfoExtras, UserInfoExtras } from '../ports/user-info-extras';

export interface UserInfoRead {
  info: UserInfo;
  facts: UserInfoFacts;
  /** held withdrawals (cents), read in the same statement as cash and copy equity, for GET user/get */
  held: StoredCents;
}

/**
 * The one reader of UserInfo's live facts (seed §3): the access token's payload and GET user/get (user
 * management, through @mirrorline/auth) both come from here, so they agree. Balances from the ledger's
 * cached account balances, traderID/copyID/copiedTrades from copy trading's UserInfoExtras.
 */
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

  async build(account: UserInfoAccount): Promise<UserInfo> {
    return (await this.read(account)).info;
  }

  async read(account: UserInfoAccount): Promise<UserInfoRead> {
    const [balances, extras] = await Promise.all([this.balances.of(account.id), this.extras.of(account.id)]);
    const facts: UserInfoFacts = { cash: balances.cash, copyEquity: balances.copyEquity, ...extras };
    return { info: buildUserInfo(account, facts), facts, held: balances.held };
  }
}
