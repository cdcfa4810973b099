import { Injectable, Optional } from '@nestjs/common';
import { OpenPositionsValue } from '@mirrorline/shared';
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
  ) {}

  async execute(userId: string): Promise<WalletView> {
    const [balances, recent, unrealizedPnl] = await Promise.all([
      this.ledger.balances(null, userId),
      this.transactions.list({ userId }, { page: 1, limit: RECENT_TRANSACTIONS }),
      this.openPositions ? this.openPositions.unrealizedPnl(userId) : Promise.resolve(0n),
    ]);
    return { balances, unrealizedPnl, recent: recent.items };
  }
}
