import { Injectable } from '@nestjs/common';
import { UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { Ledger } from '@mirrorline/wallet';
import type { Quote } from '@mirrorline/market';
import { PriceWatchStore, type CloseOutOptions, type CloseOutResult, type TrippedCopy } from '../../ports/price-watch-store';

/**
 * Copy stop loss / take profit on live equity (product.md §9.3, §12.1): closes out the given copies in one
 * transaction, set-based, re-checked under their locks at the same quotes; an owner's action (CloseCopyPositionsUseCase)
 * runs the same steps on its one copy. Their notifications and live events go through an outbox, delivered after the
 * commit (or when the caller asks, with holdNotices).
 */
@Injectable()
export class CloseOutCopiesUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PriceWatchStore,
    private readonly ledger: Ledger,
  ) {}

  execute(copies: readonly TrippedCopy[], quotes: readonly Quote[], options: CloseOutOptions = {}): Promise<CloseOutResult> {
    return this.uow.run((tx) => this.closeOut(tx, copies, quotes, options));
  }

  /**
   * The close-out in the caller's transaction, in the order of docs/copy-trading.md ("Copy close-out"), each step one
   * statement of the store: settings; trader rows FOR SHARE in id order, then the copy rows FOR UPDATE in id order
   * (the lock order of every use case: trader, copy, trades, ledger accounts); the missing cash accounts; the one
   * close-out statement; the notices' delivery after the commit.
   */
  async closeOut(tx: TransactionContext, copies: readonly TrippedCopy[], quotes: readonly Quote[], options: CloseOutOptions = {}): Promise<CloseOutResult> {
    const result: CloseOutResult = { copies: 0, positions: 0, ended: 0, pnl: 0n };
    if (!copies.length || !quotes.length) return result;
    const { action } = options;
    await this.store.closeOutSettings(tx, action !== undefined);
    // A copy's trader never changes, so the given traders are the ones to lock.
    const traderIds = [...new Set(copies.map((c) => c.traderId))].sort((a, b) => a - b);
    const traders = await this.store.lockTraders(tx, traderIds);
    // Only the copies of a trader locked above go on (a trader whose profile is gone has nothing to lock).
    const lockedTraders = new Set(traders.map((t) => t.id));
    const locked = (await this.store.lockCopies(tx, copies.map((c) => c.copyId))).filter((c) => lockedTraders.has(c.traderId));
    if (!locked.length) return result;
    // Cash accounts for what the close-out posts to, made when missing: the traders' (their profit share; zero in
    // practice) and the owners' of the copies (the equity of a copy that ends).
    const noCash = [...traders.filter((t) => t.noCash).map((t) => t.userId), ...locked.filter((c) => c.noCash).map((c) => c.followerId)];
    if (noCash.length) await this.store.ensureCashAccounts(tx, noCash);
    const market = await this.ledger.platformAccount(tx, 'platform_market');
    const closed = await this.store.closeOutCopies(tx, locked.map((c) => c.copyId), quotes, market, action);
    if (!closed.copies.length) return result;
    result.copies = closed.copies.length;
    result.positions = closed.copies.reduce((n, c) => n + c.positions, 0);
    result.ended = closed.copies.filter((c) => c.ends).length;
    result.pnl = closed.copies.reduce((sum, c) => sum + c.pnl, 0n);
    if (closed.settled !== result.positions || closed.stopped !== result.copies) {
      throw new Error('copy close-out: positions changed during settlement');
    }
    if (!options.holdNotices) this.store.deliverNoticesAfterCommit(tx);
    return result;
  }
}
