import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import type { Quote } from '@mirrorline/market';
import { PriceWatchStore, type CloseOutOptions, type CloseOutResult, type TrippedCopy } from '../../ports/price-watch-store';

/**
 * Copy stop loss on live equity (product.md §9.3): closes out the given copies in one transaction, set-based
 * (PriceWatchStore.closeOut re-checks each under its locks at the same quotes). Their notifications and live
 * events go through an outbox, delivered after the commit (or when the caller asks, with holdNotices).
 */
@Injectable()
export class CloseOutCopiesUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PriceWatchStore,
    private readonly ledger: Ledger,
  ) {}

  execute(copies: readonly TrippedCopy[], quotes: readonly Quote[], options: CloseOutOptions = {}): Promise<CloseOutResult> {
    return this.uow.run(async (tx) => {
      const market = await this.ledger.platformAccount(tx, 'platform_market');
      return this.store.closeOut(tx, copies, quotes, market, options);
    });
  }
}
