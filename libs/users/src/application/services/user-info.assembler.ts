import { Injectable, Optional } from '@nestjs/common';
import { formatCents, OpenPositionsValue, type TransactionContext } from '@mirrorline/shared';
import type { UserInfo } from '@mirrorline/auth';
import type { UserAccount } from '../../domain/user-account';
import { AccountBalances } from '../ports/account-balances';
import { TraderProfiles } from '../ports/trader-profiles';
import { UserCopies, type CopySummary } from '../ports/user-copies';
import { ProfileFactsReader, type ProfileFacts } from '../ports/profile-facts';

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
    @Optional() private readonly facts?: ProfileFactsReader,
  ) {}

  /** `facts`: this account's, read already (GET user/get caches them, UserReadCache); else read here. */
  async assemble(tx: TransactionContext | null, account: UserAccount, facts?: ProfileFacts): Promise<UserProfile> {
    const { balances: balance, traderId, copies, copiedTrades } = facts ?? (await this.factsOf(tx, account.id));
    const info: UserInfo = {
      userId: account.id,
      verified: account.emailVerified,
      email: account.email,
      username: account.username,
      firstname: account.firstname,
      lastname: account.lastname,
      traderID: traderId,
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

  /** The ledger, trader and copy facts of a user; outside a transaction in one round trip when the adapter can. */
  async factsOf(tx: TransactionContext | null, userId: string): Promise<ProfileFacts> {
    return (!tx && (await this.facts?.of(userId))) || (await this.read(tx, userId));
  }

  private async read(tx: TransactionContext | null, userId: string): Promise<ProfileFacts> {
    // Sequential on purpose: inside a transaction every query shares one connection anyway.
    const balances = await this.balances.of(tx, [userId]);
    const traderIds = await this.traders.traderIdsOf(tx, [userId]);
    const copies = await this.copies.listForUser(tx, userId);
    const copiedTrades = await this.copies.copiedTradesCount(tx, userId);
    return {
      balances: balances.get(userId) ?? { cash: 0, held: 0, copyEquity: 0 },
      traderId: traderIds.get(userId) ?? null,
      copies,
      copiedTrades,
    };
  }
}
