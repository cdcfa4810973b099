import { Injectable } from '@nestjs/common';
import type { Page, PageQuery } from '@mirrorline/shared';
import { WalletTransactionRepository, type WalletTransactionFilter, type WalletTransactionRecord } from '../../ports/wallet-transaction.repository';

/** Paged wallet transactions: a user's own, or any filter for admins. */
@Injectable()
export class ListTransactionsUseCase {
  constructor(private readonly transactions: WalletTransactionRepository) {}

  execute(filter: WalletTransactionFilter, page: PageQuery): Promise<Page<WalletTransactionRecord>> {
    return this.transactions.list(filter, page);
  }
}
