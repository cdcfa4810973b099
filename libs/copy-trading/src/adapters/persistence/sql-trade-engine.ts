import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { formatCents, runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import type { TraderRef } from '../../application/ports/copy-repository';
import {
  TradeEngine,
  type CloseFill,
  type FanOutResult,
  type OpenTradeInput,
  type SettlementResult,
  type TradeRecord,
} from '../../application/ports/trade-engine';
import { SqlCopyNotices } from './sql-copy-notices';
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
 * trade is a constant number of round trips whatever the number of copies. Intermediate results live in
 * ON COMMIT DROP temporary tables (no WAL, private to the transaction) so each step reads them once.
 */
@Injectable()
export class SqlTradeEngine extends TradeEngine {
  constructor(
    private readonly notifications: Notifications,
    private readonly notices: SqlCopyNotices,
    private readonly em: EntityManager,
  ) {
    super();
  }

  async insertTrade(tx: TransactionContext, traderId: number, input: OpenTradeInput): Promise<string> {
    const [row] = await runSql(emOf(tx), tradeEngineQueries.insertTrade(traderId, input));
    return row.id;
  }

  async fanOut(tx: TransactionContext, trader: TraderRef, trade: TradeRecord, quoteTime: Date): Promise<FanOutResult> {
    const em = emOf(tx);
    await runSql(em, tradeEngineQueries.longStatementTimeout());
    const tradeId = trade.id;
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
    const skipped = Object.values(result.skipped).reduce((x, y) => x + (y ?? 0), 0);
    await runSql(em, tradeEngineQueries.setCounts(tradeId, result.copied, skipped));
    // Every follower hears of it (copied, or skipped with the reason) right after the commit (outbox).
    if (result.copied + skipped > 0) await this.notices.enqueue(tx, tradeId, 'opened');
    return result;
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

  async settle(
    tx: TransactionContext,
    trader: TraderRef,
    trade: TradeRecord,
    fill: CloseFill,
    traderCashAccount: string,
    marketAccount: string,
  ): Promise<SettlementResult> {
    const em = emOf(tx);
    // The trade's positions were inserted after the last ANALYZE, so the planner expects a handful and
    // would probe copies and ledger_accounts once per position. For a large fan-out hash joins are the right
    // plan; a small one keeps the planner's index probes, as hash joins would scan whole tables.
    // With the default work_mem (4 MB) those hashes and the materialised CTEs spill to temp files.
    const large = trade.copiedCount >= HASH_JOIN_THRESHOLD;
    await runSql(em, tradeEngineQueries.longStatementTimeout());
    if (large) await runSql(em, tradeEngineQueries.hashJoins(true));
    // Stop-loss hits and ended copies are few: kept aside (small temp table) for the cash return and notices.
    await runSql(em, tradeEngineQueries.createSettlementFlags());
    // ONE statement settles the trade (docs/copy-trading.md, "Settlement"): the positions, copies and accounts
    // are joined once, and every write is a data-modifying CTE over that one result:
    //  - each open position settles once (WHERE NOT settled): pnl = trunc(size × (exit − entry) × sign / entry)
    //    with numeric div() (exact, toward zero; never via the rounded pnlPct), a loss capped at the size;
    //    fee = the copy's own share % (the one it was opened with, product.md §10) of the equity gain above the
    //    high-water mark (domain/money-rules.ts, as are the rules below);
    //  - the copy's equity after the posting is known up front (equity + pnl − fee), so its mark, stop loss
    //    and end are decided in the same statement: the mark moves to the new equity when equity + pnl
    //    passes it; a stop loss trips when the new equity is at or below stop_loss_pct % of what was invested,
    //    a copy take profit when it is at or above (100 + take_profit_pct) % of it;
    //    a stopping (or tripped) copy ends when no position of another open trade is left;
    //  - the ledger: one trade_settlement transaction, one entry per copy (pnl net of profit share) against
    //    the market account (−Σ pnl) and the trader's cash (+Σ profit share); the posting trigger checks the
    //    zero sum and moves the cached balances at the end of the statement. Entries are inserted in account
    //    order so the (account_id, id) index is walked, not hopped.
    const [totals] = await runSql(em, tradeEngineQueries.settle(trade, fill, { market: marketAccount, traderCash: traderCashAccount }));
    if (large) await runSql(em, tradeEngineQueries.hashJoins(false));
    if (totals.expected !== totals.positions) throw new Error(`trade ${trade.id}: positions changed during settlement`);
    const result: SettlementResult = {
      positions: Number(totals.positions),
      pnl: BigInt(totals.pnl),
      fees: BigInt(totals.fees),
      ended: Number(totals.ended),
      stopLossHit: Number(totals.hit),
    };
    if (BigInt(totals.returned) > 0n) await this.postCopyReturns(tx, trade.id);
    if (result.stopLossHit + result.ended > 0) {
      const notices = tradeEngineQueries.settlementNotices(trader.name);
      await this.notifications.notifyFromSelect(tx, notices);
    }
    await runSql(em, tradeEngineQueries.dropSettlementFlags());
    // Each follower's "closed with pnl" notice is written right after the commit (outbox).
    if (result.positions > 0) await this.notices.enqueue(tx, trade.id, 'closed');
    // Added: positions a copy close-out settled earlier (copy_stop_loss) are already in the totals.
    await runSql(em, tradeEngineQueries.addCopierTotals(trade.id, result.pnl, result.fees));
    return result;
  }

  /** copy_return: the remaining equity of the copies that ended with this close → their owners' cash. */
  private async postCopyReturns(tx: TransactionContext, tradeId: string): Promise<void> {
    const em = emOf(tx);
    await runSql(em, tradeEngineQueries.copyReturnCashAccounts());
    await runSql(em, tradeEngineQueries.copyReturns(tradeId));
  }
}
