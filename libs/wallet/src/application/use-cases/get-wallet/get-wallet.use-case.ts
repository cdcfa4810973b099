import { Injectable } from '@nestjs/common';
import { Ledger, type UserBalances } from '../../ports/ledger';
import { WalletTransactionRepository, type WalletTransactionRecord } from '../../ports/wallet-transaction.repository';

export const RECENT_TRANSACTIONS = 10;

export interface WalletView {
  balances: UserBalances;
  recent: WalletTransactionRecord[];
}

/** The caller's balances (from the ledger) and latest requests; also the paged history. */
@Injectable()
export class GetWalletUseCase {
  constructor(
    private readonly ledger: Ledger,
    private readonly transactions: WalletTransactionRepository,
  ) {}

  async execute(userId: string): Promise<WalletView> {
    const [balances, recent] = await Promise.all([
      this.ledger.balances(null, userId),
      this.transactions.list({ userId }, { page: 1, limit: RECENT_TRANSACTIONS }),
    ]);
    return { balances, recent: recent.items };
  }
}
