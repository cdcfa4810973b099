import { Injectable, Optional } from '@nestjs/common';
import { formatCents, OpenPositionsValue, type TransactionContext } from '@mirrorline/shared';
import type { UserInfo } from '@mirrorline/auth';
import type { UserAccount } from '../../domain/user-account';
import { AccountBalances } from '../ports/account-balances';
import { TraderProfiles } from '../ports/trader-profiles';
import { UserCopies, type CopySummary } from '../ports/user-copies';

export interface UserProfile {
  info: UserInfo;
  account: UserAccount;
  held: string;
  /** tradingBalance + unrealized pnl of the open copied positions at the market */
  liveTradingBalance: string;
  copies: CopySummary[];
}

/** Builds the seed's `UserInfo` (token payload and GET user/get) from live data: ledger, trader profile, copies. */
@Injectable()
export class UserInfoAssembler {
  constructor(
    private readonly balances: AccountBalances,
    private readonly traders: TraderProfiles,
    private readonly copies: UserCopies,
    @Optional() private readonly openPositions?: OpenPositionsValue,
  ) {}

  async assemble(tx: TransactionContext | null, account: UserAccount): Promise<UserProfile> {
    // Sequential on purpose: inside a transaction every query shares one connection anyway.
    const balances = await this.balances.of(tx, [account.id]);
    const traderIds = await this.traders.traderIdsOf(tx, [account.id]);
    const copies = await this.copies.listForUser(tx, account.id);
    const copiedTrades = await this.copies.copiedTradesCount(tx, account.id);
    const balance = balances.get(account.id) ?? { cash: 0, held: 0, copyEquity: 0 };
    const info: UserInfo = {
      userId: account.id,
      verified: account.emailVerified,
      email: account.email,
      username: account.username,
      firstname: account.firstname,
      lastname: account.lastname,
      traderID: traderIds.get(account.id) ?? null,
      copyID: copies.filter((c) => c.status !== 'stopped').map((c) => c.id),
      balance: formatCents(balance.cash),
      tradingBalance: formatCents(balance.copyEquity),
      roles: account.roles,
      kycverified: account.kycStatus === 'Verified',
      kycstring: account.kycStatus,
      copiedTrades,
    };
    const unrealized = this.openPositions ? await this.openPositions.unrealizedPnl(account.id) : 0n;
    const liveTradingBalance = formatCents(BigInt(balance.copyEquity) + unrealized);
    return { info, account, held: formatCents(balance.held), liveTradingBalance, copies };
  }
}
