import { Injectable } from '@nestjs/common';
import { runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { walletQueries } from '@mirrorline/wallet/sql';
import { OpenTradesStore, type CopiedPositionInput, type OpenTradeToCopy } from '../../application/ports/open-trades-store';
import type { TradeSide } from '../../domain/copy-math';
import { positionSizeSql } from '../../domain/money-rules';
import { trimDecimal } from './sql-amount';

/**
 * "Copy open trades" in SQL, beside the fan-out (sql-trade-engine.ts) rather than in it: one copy, a few
 * trades, so one small statement per trade. The size is the fan-out's rule for this one copy.
 */
@Injectable()
export class SqlOpenTradesStore extends OpenTradesStore {
  async openTrades(tx: TransactionContext, traderId: number): Promise<OpenTradeToCopy[]> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string; symbol: string; side: TradeSide; allocation_pct: number; entry_price: string; entry_quote_time: Date | null; opened_at: Date }>`SELECT
         id::text AS id, symbol, side, allocation_pct, entry_price::text AS entry_price, entry_quote_time, opened_at
       FROM trader_trades WHERE trader_id = ${traderId} AND status = 'open' ORDER BY opened_at, id`,
    );
    return rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      side: r.side,
      allocationPct: Number(r.allocation_pct),
      entryPrice: trimDecimal(r.entry_price),
      quoteTime: r.entry_quote_time === null ? null : new Date(r.entry_quote_time),
      openedAt: new Date(r.opened_at),
    }));
  }

  async openPosition(tx: TransactionContext, input: CopiedPositionInput): Promise<bigint> {
    const em = emOf(tx);
    // Free equity = the copy's equity − Σ its open positions (those opened a moment ago on older trades included).
    const [row] = await runSql(
      em,
      sql<{ size: string }>`WITH free AS (
         SELECT a.balance - coalesce((SELECT sum(p.size)::bigint FROM copy_positions p WHERE p.copy_id = a.copy_id AND NOT p.settled), 0) AS free
         FROM ${walletQueries.copyEquity()} a WHERE a.copy_id = ${input.copyId}
       ), sized AS (
         SELECT ${positionSizeSql(sql`free`, sql`${input.allocationPct}::bigint`)} AS size FROM free
       ), opened AS (
         INSERT INTO copy_positions (trade_id, copy_id, follower_id, size, fill_price, quote_time, delay_ms, slippage_bps)
         SELECT ${input.tradeId}::bigint, ${input.copyId}::uuid, ${input.followerId}::uuid, size, ${input.fillPrice}::numeric,
                ${input.quoteTime}::timestamptz, ${input.delayMs}, ${input.slippageBps}::numeric FROM sized WHERE size > 0
         RETURNING size
       )
       SELECT coalesce((SELECT size FROM opened), 0)::text AS size`,
    );
    const size = BigInt(row?.size ?? 0);
    if (size > 0n) await runSql(em, sql`UPDATE trader_trades SET copied_count = copied_count + 1 WHERE id = ${input.tradeId}`);
    return size;
  }
}
