import { FixedClock, formatCents, type TransactionContext } from '@mirrorline/shared';
import { InMemoryMarketQuotes } from '@mirrorline/market/testing';
import { positionPnl, positionSize, profitShare, skipReason } from '../domain/money-rules';
import type { LedgerEntry } from '@mirrorline/wallet';
import type { SkipReason } from '../domain/copy';
import type { TraderRef } from '../application/ports/copy-repository';
import { CopyNoticeOutbox, type CopyNoticeKind } from '../application/ports/copy-notice-outbox';
import { TradeEngine, type CloseFill, type FanOutResult, type OpenTradeInput, type SettledPositions, type TradeRecord } from '../application/ports/trade-engine';
import { FakeLedger, FakeNotifications, FakeUnitOfWork, InMemoryCopyRepository } from './in-memory-copy-trading';

interface Position {
  tradeId: string;
  copyId: string;
  followerId: string;
  size: bigint;
  settled: boolean;
}

/**
 * TradeEngine in memory for the use cases' unit specs: trades, a fan-out that sizes one position per active copy
 * (positionSize of its free equity on the FakeLedger), and a settlement that posts each position's pnl between the
 * market account and the copy's equity and the profit share to the trader's cash (domain functions). Stop losses
 * and the end of stopping copies are the SQL engine's, specified on the real database (test/medium).
 */
export class InMemoryTradeEngine extends TradeEngine {
  readonly trades = new Map<string, TradeRecord>();
  readonly positions: Position[] = [];
  /**
   * every call, in order: `insert`, `fanOut`, `counts:<id>`, `lockTrade:<id>`, `close:<id>`, `settle:<id>`,
   * `returnEnded:<id>`, `release`, `totals:<id>` (and the outbox's `notice:<kind>:<id>` when it shares this log)
   */
  readonly calls: string[] = [];
  private seq = 0;
  private flagged: SettledPositions['flagged'] = [];

  constructor(
    private readonly ledger: FakeLedger,
    private readonly copies: InMemoryCopyRepository,
    private readonly now: () => Date = () => new Date('2026-01-05T15:00:00.000Z'),
  ) {
    super();
  }

  async insertTrade(_tx: TransactionContext, traderId: number, input: OpenTradeInput): Promise<string> {
    this.calls.push('insert');
    const id = String(++this.seq);
    this.trades.set(id, {
      id,
      traderId,
      market: input.market,
      symbol: input.symbol,
      pair: input.symbol,
      side: input.side,
      entryPrice: input.entryPrice,
      exitPrice: null,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      trailingStopPct: input.trailingStopPct,
      closeReason: null,
      allocationPct: input.allocationPct,
      pnlPct: null,
      status: 'open',
      copiedCount: 0,
      skippedCount: 0,
      copiersPnl: '0.00',
      copiersFees: '0.00',
      openedAt: this.now().toISOString(),
      closedAt: null,
    });
    return id;
  }

  async fanOut(_tx: TransactionContext, trader: TraderRef, trade: TradeRecord): Promise<FanOutResult> {
    this.calls.push('fanOut');
    const skipped: Partial<Record<SkipReason, number>> = {};
    let copied = 0;
    let committed = 0n;
    for (const copy of this.copies.copies.values()) {
      if (copy.traderId !== trader.id || copy.status === 'stopped') continue;
      const free = BigInt(this.ledger.equityOf(copy.followerId, copy.id)) - copy.committed;
      const size = positionSize(free, trade.allocationPct);
      const reason = skipReason(copy.status, false, size);
      if (reason) {
        skipped[reason] = (skipped[reason] ?? 0) + 1;
        continue;
      }
      this.positions.push({ tradeId: trade.id, copyId: copy.id, followerId: copy.followerId, size, settled: false });
      copy.committed += size;
      copy.openPositions++;
      copied++;
      committed += size;
    }
    return { copied, committed, skipped };
  }

  async setCounts(_tx: TransactionContext, tradeId: string, copied: number, skipped: number): Promise<void> {
    this.calls.push(`counts:${tradeId}`);
    Object.assign(this.trades.get(tradeId)!, { copiedCount: copied, skippedCount: skipped });
  }

  async lockTrade(_tx: TransactionContext, tradeId: string): Promise<TradeRecord | null> {
    this.calls.push(`lockTrade:${tradeId}`);
    return this.trade(null, tradeId);
  }

  async closeTrade(_tx: TransactionContext, tradeId: string, fill: CloseFill, pnlPct: string): Promise<void> {
    this.calls.push(`close:${tradeId}`);
    Object.assign(this.trades.get(tradeId)!, { status: 'closed', exitPrice: fill.exitPrice, closeReason: fill.reason, pnlPct, closedAt: this.now().toISOString() });
  }

  async setLevels(_tx: TransactionContext, tradeId: string, levels: { stopLoss: string | null; takeProfit: string | null; trailingStopPct: number | null }): Promise<void> {
    Object.assign(this.trades.get(tradeId)!, levels);
  }

  async settlePositions(tx: TransactionContext, trade: TradeRecord, fill: CloseFill, accounts: { traderCash: string; market: string }): Promise<SettledPositions> {
    this.calls.push(`settle:${trade.id}`);
    const result: SettledPositions = { positions: 0, pnl: 0n, fees: 0n, ended: 0, stopLossHit: 0, returned: 0n, flagged: [] };
    for (const position of this.positions.filter((p) => p.tradeId === trade.id && !p.settled)) {
      const copy = this.copies.copies.get(position.copyId)!;
      const equity = await this.ledger.copyEquityAccount(tx, position.followerId, position.copyId);
      const pnl = positionPnl(position.size, trade.entryPrice, fill.exitPrice, trade.side);
      if (pnl !== 0n) await this.ledger.post(tx, { type: 'copy_pnl', reference: `trade:${trade.id}:${copy.id}`, entries: move(accounts.market, equity, pnl) });
      const share = profitShare(BigInt(this.ledger.equityOf(position.followerId, copy.id)), copy.highWaterMark, this.sharePct(copy.traderId));
      if (share.fee > 0n) await this.ledger.post(tx, { type: 'profit_share', reference: `trade:${trade.id}:${copy.id}`, entries: move(equity, accounts.traderCash, share.fee) });
      copy.highWaterMark = share.highWaterMark;
      copy.committed -= position.size;
      copy.openPositions--;
      position.settled = true;
      result.positions++;
      result.pnl += pnl;
      result.fees += share.fee;
      // A stopping copy with no position of another open trade left ends, its equity returned to its owner.
      if (copy.status === 'stopping' && copy.openPositions === 0) {
        const after = BigInt(this.ledger.equityOf(position.followerId, copy.id));
        result.flagged.push({ copyId: copy.id, followerId: copy.followerId, stopLossHit: false, takeProfitHit: false, ends: true, equity: after });
        result.ended++;
        result.returned += after;
      }
    }
    this.flagged = result.flagged;
    return result;
  }

  async returnEndedCopies(tx: TransactionContext, tradeId: string): Promise<void> {
    this.calls.push(`returnEnded:${tradeId}`);
    for (const flag of this.flagged.filter((f) => f.ends && f.equity > 0n)) {
      const equity = await this.ledger.copyEquityAccount(tx, flag.followerId, flag.copyId);
      const cash = await this.ledger.userAccount(tx, flag.followerId, 'cash');
      await this.ledger.post(tx, { type: 'copy_return', reference: `trade:${tradeId}`, entries: move(equity, cash, flag.equity) });
      Object.assign(this.copies.copies.get(flag.copyId)!, { status: 'stopped', ended: true });
    }
  }

  async releaseSettlement(): Promise<void> {
    this.calls.push('release');
    this.flagged = [];
  }

  async addCopierTotals(_tx: TransactionContext, tradeId: string, pnl: bigint, fees: bigint): Promise<void> {
    this.calls.push(`totals:${tradeId}`);
    const stored = this.trades.get(tradeId)!;
    stored.copiersPnl = formatCents(BigInt(Math.round(Number(stored.copiersPnl) * 100)) + pnl);
    stored.copiersFees = formatCents(BigInt(Math.round(Number(stored.copiersFees) * 100)) + fees);
  }

  private sharePct(traderId: number): number {
    return this.copies.traders.get(traderId)!.sharePct;
  }

  async trade(_tx: TransactionContext | null, tradeId: string): Promise<TradeRecord | null> {
    const found = this.trades.get(tradeId);
    return found ? { ...found } : null;
  }
}

/** The entries of a transfer of `amount` cents from one account to another (negative: the other way). */
function move(from: string, to: string, amount: bigint): LedgerEntry[] {
  return [
    { accountId: from, amount: -Number(amount) },
    { accountId: to, amount: Number(amount) },
  ];
}


/** The notices outbox in memory: each notice recorded in `calls` (the engine's log, to check the order). */
export class InMemoryCopyNoticeOutbox extends CopyNoticeOutbox {
  constructor(readonly calls: string[] = []) {
    super();
  }
  async enqueue(_tx: TransactionContext, tradeId: string, kind: CopyNoticeKind): Promise<void> {
    this.calls.push(`notice:${kind}:${tradeId}`);
  }
}

/**
 * The fakes the trade use cases' unit specs share, on one clock (a Monday 15:00 UTC: every session open): trader 2
 * (Sofia, 20 %) and trader 3 (Other), both listed and KYC-Verified.
 */
export function inMemoryTrading(clock = new FixedClock(new Date('2026-01-05T15:00:00.000Z'))) {
  const uow = new FakeUnitOfWork();
  const ledger = new FakeLedger();
  const repo = new InMemoryCopyRepository(ledger);
  const engine = new InMemoryTradeEngine(ledger, repo, () => clock.now());
  const market = new InMemoryMarketQuotes(clock);
  const notifications = new FakeNotifications();
  const outbox = new InMemoryCopyNoticeOutbox(engine.calls);
  repo.traders.set(2, { id: 2, userId: 'trader', name: 'Sofia', sharePct: 20, maxCopiers: 10, minCopyAmount: 1000, listed: true, kycVerified: true });
  repo.traders.set(3, { id: 3, userId: 'other', name: 'Other', sharePct: 20, maxCopiers: 10, minCopyAmount: 1000, listed: true, kycVerified: true });
  return { clock, uow, ledger, repo, engine, market, notifications, outbox };
}
