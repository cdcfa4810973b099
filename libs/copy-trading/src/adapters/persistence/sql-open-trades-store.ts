import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { OpenTradesStore, type CopiedPositionInput, type OpenTradeToCopy } from '../../application/ports/open-trades-store';
import { trimDecimal } from './sql-amount';
import { openTradesQueries } from './open-trades.queries';

/**
 * "Copy open trades" in SQL, beside the fan-out (sql-trade-engine.ts) rather than in it: one copy, a few
 * trades, so one small statement per trade. The size is the fan-out's rule for this one copy.
 */
@Injectable()
export class SqlOpenTradesStore extends OpenTradesStore {
  async openTrades(tx: TransactionContext, traderId: number): Promise<OpenTradeToCopy[]> {
    const rows = await runSql(emOf(tx), openTradesQueries.openTrades(traderId));
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
    const [row] = await runSql(em, openTradesQueries.openPosition(input));
    const size = BigInt(row?.size ?? 0);
    if (size > 0n) await runSql(em, openTradesQueries.countCopied(input.tradeId));
    return size;
  }
}
