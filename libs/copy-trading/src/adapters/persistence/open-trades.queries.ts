import { sql, type Sql, type TraderTradesTable } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import type { CopiedPositionInput } from '../../application/ports/open-trades-store';
import type { TradeSide } from '../../domain/copy-math';
import { positionSizeSql } from '../../domain/money-rules';

/** An open trade a new copy may take over (the entry price as text). */
export type OpenTradeRow = Pick<TraderTradesTable, 'symbol' | 'allocation_pct' | 'entry_quote_time' | 'opened_at'> & {
  id: string;
  side: TradeSide;
  entry_price: string;
};

/** "Copy open trades" (SqlOpenTradesStore runs them): one copy, a few trades, one small statement per trade. */
export const openTradesQueries = {
  /** The trader's open trades, oldest first. */
  openTrades(traderId: number): Sql<OpenTradeRow> {
    return sql<OpenTradeRow>`SELECT
         id::text AS id, symbol, side, allocation_pct, entry_price::text AS entry_price, entry_quote_time, opened_at
       FROM trader_trades WHERE trader_id = ${traderId} AND status = 'open' ORDER BY opened_at, id`;
  },

  /**
   * One position of the copy in the trade, sized by the fan-out's rule on its free equity = the copy's equity − Σ its
   * open positions (those opened a moment ago on older trades included); none when it sizes to zero. Its size ('0': none).
   */
  openPosition(input: CopiedPositionInput): Sql<{ size: string }> {
    return sql<{ size: string }>`WITH free AS (
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
       SELECT coalesce((SELECT size FROM opened), 0)::text AS size`;
  },

  countCopied(tradeId: string): Sql<never> {
    return sql`UPDATE trader_trades SET copied_count = copied_count + 1 WHERE id = ${tradeId}`;
  },
};
