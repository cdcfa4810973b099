import { Injectable, Optional } from '@nestjs/common';
import { OpenPositionsValue, UserReadCache } from '@mirrorline/shared';
import { Ledger, type UserBalances } from '../../ports/ledger';
import { WalletTransactionRepository, type WalletTransactionRecord } from '../../ports/wallet-transaction.repository';

export const RECENT_TRANSACTIONS = 10;

export interface WalletView {
  balances: UserBalances;
  /** Σ unrealized pnl of the open copied positions at the market (cents; 0 without a provider) */
  unrealizedPnl: bigint;
  recent: WalletTransactionRecord[];
}

/** The caller's balances (from the ledger) and latest requests; also the paged history. */
@Injectable()
export class GetWalletUseCase {
  constructor(
    private readonly ledger: Ledger,
    private readonly transactions: WalletTransactionRepository,
    @Optional() private readonly openPositions?: OpenPositionsValue,
    /** Balances and latest requests, cached per user and dropped by NOTIFY on any change (docs/performance.md). */
    @Optional() private readonly reads?: UserReadCache,
  ) {}

  async execute(userId: string): Promise<WalletView> {
    const load = async () => {
      const [balances, recent] = await Promise.all([
        this.ledger.balances(null, userId),
        this.transactions.list({ userId }, { page: 1, limit: RECENT_TRANSACTIONS }),
      ]);
      return { balances, recent: recent.items };
    };
    const [{ balances, recent }, unrealizedPnl] = await Promise.all([
      this.reads ? this.reads.get('wallet', userId, load) : load(),
      // At the market's quotes: computed for every request.
      this.openPositions ? this.openPositions.unrealizedPnl(userId) : Promise.resolve(0n),
    ]);
    return { balances, unrealizedPnl, recent };
  }
}
