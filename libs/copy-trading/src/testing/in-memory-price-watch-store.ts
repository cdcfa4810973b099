import type { TransactionContext } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';
import {
  PriceWatchStore,
  type CloseOutAction,
  type CloseOutCopy,
  type CloseOutTrader,
  type ClosedOutCopies,
  type CrossedTrade,
  type TrippedCopy,
} from '../application/ports/price-watch-store';

/** What the close-out statement does to one copy (its positions' pnl, how many close, whether the copy ends). */
export interface InMemoryCloseOut {
  pnl: bigint;
  positions: number;
  ends: boolean;
}

/**
 * PriceWatchStore in memory for the close-out's unit specs: traders and copies with their owners' cash accounts, and
 * a close-out statement that closes out the copies listed in `closes` (the others' guards are not reached). Every call
 * is logged in order in `calls`. The scan (trippedCopies) and the statement's arithmetic are the SQL store's, specified
 * on the real database (test/medium, the property specs).
 */
export class InMemoryPriceWatchStore extends PriceWatchStore {
  /** trader id → the trader's user */
  readonly traders = new Map<number, string>();
  readonly copies = new Map<string, { traderId: number; followerId: string }>();
  /** users with a cash account */
  readonly cash = new Set<string>();
  readonly closes = new Map<string, InMemoryCloseOut>();
  /** positions another transaction settled between the scan and the statement (the statement settles fewer) */
  raced = 0;
  /**
   * every call, in order: `settings:guards|action`, `lockTraders:<ids>`, `lockCopies:<ids>`, `cash:<users>`,
   * `closeOut:<copy ids>:<market account>:<reason>`, `deliverAfterCommit`, `deliverNotices`
   */
  readonly calls: string[] = [];

  async ratchetTrailingStops(): Promise<number> {
    return 0;
  }
  async crossedTrades(): Promise<CrossedTrade[]> {
    return [];
  }
  async trippedCopies(): Promise<TrippedCopy[]> {
    return [];
  }

  async closeOutSettings(_tx: TransactionContext, ownerAction: boolean): Promise<void> {
    this.calls.push(`settings:${ownerAction ? 'action' : 'guards'}`);
  }

  async lockTraders(_tx: TransactionContext, traderIds: readonly number[]): Promise<CloseOutTrader[]> {
    this.calls.push(`lockTraders:${traderIds.join(',')}`);
    return [...traderIds]
      .sort((a, b) => a - b)
      .filter((id) => this.traders.has(id))
      .map((id) => ({ id, userId: this.traders.get(id)!, noCash: !this.cash.has(this.traders.get(id)!) }));
  }

  async lockCopies(_tx: TransactionContext, copyIds: readonly string[]): Promise<CloseOutCopy[]> {
    this.calls.push(`lockCopies:${copyIds.join(',')}`);
    return [...copyIds]
      .sort()
      .filter((id) => this.copies.has(id))
      .map((copyId) => {
        const { traderId, followerId } = this.copies.get(copyId)!;
        return { copyId, traderId, followerId, noCash: !this.cash.has(followerId) };
      });
  }

  async ensureCashAccounts(_tx: TransactionContext, ownerIds: readonly string[]): Promise<void> {
    this.calls.push(`cash:${ownerIds.join(',')}`);
    for (const id of ownerIds) this.cash.add(id);
  }

  async closeOutCopies(
    _tx: TransactionContext,
    copyIds: readonly string[],
    _quotes: readonly Quote[],
    marketAccount: string,
    action?: CloseOutAction,
  ): Promise<ClosedOutCopies> {
    this.calls.push(`closeOut:${copyIds.join(',')}:${marketAccount}:${action?.reason ?? 'guards'}`);
    const copies = copyIds.filter((id) => this.closes.has(id)).map((id) => this.closes.get(id)!);
    const positions = copies.reduce((n, c) => n + c.positions, 0);
    return { copies, settled: positions - this.raced, stopped: copies.length };
  }

  deliverNoticesAfterCommit(): void {
    this.calls.push('deliverAfterCommit');
  }

  deliverNotices(): void {
    this.calls.push('deliverNotices');
  }
}
