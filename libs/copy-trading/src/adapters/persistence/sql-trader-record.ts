import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type Sql, type SqlExecutor } from '@mirrorline/shared';
import { TraderRecordQueries, type RecordHead, type RecordLink } from '../../application/ports/trader-record';
import { chainHash, GENESIS_HASH, type RecordFields } from '../../domain/trade-record';
import { publicTradersQueries } from './public-traders.queries';
import { trimDecimal } from './sql-amount';
import { traderRecordQueries, type RecordFieldsRow } from './trader-record.queries';

/** A closed trade's public fields as the API writes them: decimal strings without trailing zeros, ISO 8601 UTC. */
function toFields(row: RecordFieldsRow): RecordFields {
  return {
    tradeId: row.id,
    symbol: row.symbol,
    side: row.side,
    allocationPct: String(row.allocation_pct),
    entryPrice: trimDecimal(row.entry_price),
    exitPrice: trimDecimal(row.exit_price),
    openedAt: new Date(row.opened_at).toISOString(),
    closedAt: new Date(row.closed_at).toISOString(),
    pnlPct: row.pnl_pct,
    closeReason: row.close_reason,
  };
}

/**
 * Appends a just-closed trade to its trader's record, in the close's transaction (SqlTradeEngine.closeTrade), so a
 * close and its link commit together or not at all. The caller holds the trader's row lock (every close path does:
 * docs/copy-trading.md "Locks and transactions"), so links of one trader are appended one at a time; the primary key
 * (trader_id, seq) would abort a close that raced anyway. The first link of a new UTC day writes the previous day's
 * head.
 */
export async function appendToRecord(em: SqlExecutor, tradeId: string): Promise<void> {
  const [row] = await runSql(em, traderRecordQueries.tradeToAppend(tradeId));
  if (!row) throw new Error(`appendToRecord: trade ${tradeId} is not closed`);
  const seq = (row.seq ?? 0) + 1;
  const hash = chainHash(row.hash ?? GENESIS_HASH, toFields(row));
  if (row.seq !== null && row.last_day !== null && row.last_day < row.day) {
    await runSql(em, traderRecordQueries.insertHead({ trader_id: row.trader_id, day: row.last_day, seq: row.seq, hash: row.hash! }));
  }
  // recorded_at is the trade's closed_at as stored (microseconds), so its UTC day is the one computed above.
  await runSql(em, traderRecordQueries.insertLink(tradeId, seq, hash));
}

/** The record's public reads: the fields are read from the trades themselves, so an edited trade breaks its link. */
@Injectable()
export class SqlTraderRecord extends TraderRecordQueries {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private run<T>(query: Sql<T>): Promise<T[]> {
    return runSql(this.em.getConnection(), query);
  }

  private async isPublic(traderId: number): Promise<boolean> {
    const rows = await this.run(publicTradersQueries.publicTraderId(traderId));
    return rows.length > 0;
  }

  async links(traderId: number, after: number, limit: number): Promise<RecordLink[] | null> {
    if (!(await this.isPublic(traderId))) return null;
    const rows = await this.run(traderRecordQueries.links(traderId, after, limit));
    return rows.map((row) => ({ seq: Number(row.seq), fields: toFields(row), hash: row.hash }));
  }

  async heads(traderId: number): Promise<RecordHead[] | null> {
    if (!(await this.isPublic(traderId))) return null;
    const rows = await this.run(traderRecordQueries.heads(traderId));
    return rows.map((row) => ({ date: row.day, seq: Number(row.seq), hash: row.hash, final: row.final }));
  }
}
