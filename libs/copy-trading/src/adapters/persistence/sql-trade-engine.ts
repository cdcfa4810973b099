import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { formatCents, runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { TraderRef } from '../../application/ports/copy-repository';
import {
  TradeEngine,
  type CloseFill,
  type FanOutResult,
  type OpenTradeInput,
  type SettledPositions,
  type TradeRecord,
} from '../../application/ports/trade-engine';
import { trimDecimal } from './sql-amount';
import { tradeEngineQueries, type TradeRow } from './trade-engine.queries';
import { appendToRecord } from './sql-trader-record';

/** From this many positions on, the settlement's own joins are planned as hash joins. */
const HASH_JOIN_THRESHOLD = 1000;

export function toTradeRecord(row: TradeRow): TradeRecord {
  return {
    id: row.id,
    traderId: Number(row.trader_id),
    market: row.market,
    symbol: row.symbol,
    pair: row.symbol,
    side: row.side,
    entryPrice: trimDecimal(row.entry_price),
    exitPrice: row.exit_price === null ? null : trimDecimal(row.exit_price),
    stopLoss: row.stop_loss === null ? null : trimDecimal(row.stop_loss),
    takeProfit: row.take_profit === null ? null : trimDecimal(row.take_profit),
    trailingStopPct: row.trailing_stop_pct === null ? null : Number(row.trailing_stop_pct),
    closeReason: row.close_reason,
    allocationPct: Number(row.allocation_pct),
    pnlPct: row.pnl_pct,
    status: row.status,
    copiedCount: Number(row.copied_count),
    skippedCount: Number(row.skipped_count),
    copiersPnl: formatCents(row.copiers_pnl),
    copiersFees: formatCents(row.copiers_fees),
    openedAt: new Date(row.opened_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  };
}

/**
 * Fan-out and settlement as a handful of set-based statements (docs/copy-trading.md): the work per
 * trade is a constant number of round trips whatever the number of copies. Each method runs the named
 * statements of trade-engine.queries.ts and returns typed rows; the use cases order the steps. What a
 * settlement keeps aside lives in an ON COMMIT DROP temporary table (no WAL, private to the transaction).
 */
@Injectable()
export class SqlTradeEngine extends TradeEngine {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async insertTrade(tx: TransactionContext, traderId: number, input: OpenTradeInput): Promise<string> {
    const [row] = await runSql(emOf(tx), tradeEngineQueries.insertTrade(traderId, input));
    return row.id;
  }

  async fanOut(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, quoteTime: Date): Promise<FanOutResult> {
    const em = emOf(tx);
    await runSql(em, tradeEngineQueries.longStatementTimeout());
    // One statement: every live copy's guard and size, then the positions and the skips (data-modifying
    // CTEs over the same materialised candidates). Free equity = copy equity − Σ open positions;
    // size and skips by domain/money-rules.ts (positionSizeSql, skipReasonSql; guards in order: paused,
    // stopping, daily loss limit reached today (UTC), zero size).
    const counts = await runSql(em, tradeEngineQueries.fanOut(trader.id, trade, quoteTime));
    const result: FanOutResult = { copied: 0, committed: 0n, skipped: {} };
    for (const row of counts) {
      if (row.reason === null) {
        result.copied = Number(row.n);
        result.committed = BigInt(row.committed);
      } else result.skipped[row.reason] = Number(row.n);
    }
    return result;
  }

  async setCounts(tx: TransactionContext, tradeId: string, copied: number, skipped: number): Promise<void> {
    await runSql(emOf(tx), tradeEngineQueries.setCounts(tradeId, copied, skipped));
  }

  async lockTrade(tx: TransactionContext, tradeId: string): Promise<TradeRecord | null> {
    if (!/^\d{1,18}$/.test(tradeId)) return null;
    const [row] = await runSql(emOf(tx), tradeEngineQueries.trade(tradeId, 'lock'));
    return row ? toTradeRecord(row) : null;
  }

  async trade(tx: TransactionContext | null, tradeId: string): Promise<TradeRecord | null> {
    if (!/^\d{1,18}$/.test(tradeId)) return null;
    const rows = await runSql(tx ? emOf(tx) : this.em.getConnection(), tradeEngineQueries.trade(tradeId));
    return rows.length ? toTradeRecord(rows[0]) : null;
  }

  async closeTrade(tx: TransactionContext, tradeId: string, fill: CloseFill, pnlPct: string): Promise<void> {
    await runSql(emOf(tx), tradeEngineQueries.closeTrade(tradeId, fill, pnlPct));
    // The verifiable record's link commits with the close, on every close path (product.md §12.4).
    await appendToRecord(emOf(tx), tradeId);
  }

  async setLevels(tx: TransactionContext, tradeId: string, levels: { stopLoss: string | null; takeProfit: string | null; trailingStopPct: number | null }): Promise<void> {
    await runSql(emOf(tx), tradeEngineQueries.setLevels(tradeId, levels));
  }

  async settlePositions(tx: TransactionContext, trade: TradeRecord, fill: CloseFill, accounts: { traderCash: string; market: string }): Promise<SettledPositions> {
    const em = emOf(tx);
    // The trade's positions were inserted after the last ANALYZE, so the planner expects a handful and
    // would probe copies and ledger_accounts once per position. For a large fan-out hash joins are the right
    // plan; a small one keeps the planner's index probes, as hash joins would scan whole tables.
    // With the default work_mem (4 MB) those hashes and the materialised CTEs spill to temp files.
    const large = trade.copiedCount >= HASH_JOIN_THRESHOLD;
    await runSql(em, tradeEngineQueries.longStatementTimeout());
    if (large) await runSql(em, tradeEngineQueries.hashJoins(true));
    // Stop-loss hits and ended copies are few: kept aside (small temp table) for the cash return.
    await runSql(em, tradeEngineQueries.createSettlementFlags());
    // ONE statement settles the trade (docs/copy-trading.md, "Settlement"; the rules in trade-engine.queries.ts).
    const [totals] = await runSql(em, tradeEngineQueries.settle(trade, fill, accounts));
    if (large) await runSql(em, tradeEngineQueries.hashJoins(false));
    if (totals.expected !== totals.positions) throw new Error(`trade ${trade.id}: positions changed during settlement`);
    return {
      positions: Number(totals.positions),
      pnl: BigInt(totals.pnl),
      fees: BigInt(totals.fees),
      ended: Number(totals.ended),
      stopLossHit: Number(totals.hit),
      returned: BigInt(totals.returned),
      flagged: totals.flagged.map((f) => ({ ...f, equity: BigInt(f.equity) })),
    };
  }

  async returnEndedCopies(tx: TransactionContext, tradeId: string): Promise<void> {
    const em = emOf(tx);
    await runSql(em, tradeEngineQueries.copyReturnCashAccounts());
    await runSql(em, tradeEngineQueries.copyReturns(tradeId));
  }

  async releaseSettlement(tx: TransactionContext): Promise<void> {
    await runSql(emOf(tx), tradeEngineQueries.dropSettlementFlags());
  }

  async addCopierTotals(tx: TransactionContext, tradeId: string, pnl: bigint, fees: bigint): Promise<void> {
    await runSql(emOf(tx), tradeEngineQueries.addCopierTotals(tradeId, pnl, fees));
  }
}
