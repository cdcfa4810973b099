import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, type Sql, type SqlExecutor } from '@mirrorline/shared';
import { TraderRecordQueries, type RecordHead, type RecordLink } from '../../application/ports/trader-record';
import { chainHash, GENESIS_HASH, type RecordFields } from '../../domain/trade-record';
import { publicTradersQueries } from './public-traders.queries';
import { trimDecimal } from './sql-amount';

interface FieldsRow {
  id: string;
  symbol: string;
  side: string;
  allocation_pct: number;
  entry_price: string;
  exit_price: string;
  opened_at: Date;
  closed_at: Date;
  pnl_pct: string;
  close_reason: string;
}

/** The columns of trader_trades (alias t) that a record link hashes. */
const FIELD_COLUMNS = sql`t.id::text AS id, t.symbol, t.side, t.allocation_pct, t.entry_price::text AS entry_price,
  t.exit_price::text AS exit_price, t.opened_at, t.closed_at, t.pnl_pct::text AS pnl_pct, t.close_reason`;

/** A closed trade's public fields as the API writes them: decimal strings without trailing zeros, ISO 8601 UTC. */
function toFields(row: FieldsRow): RecordFields {
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
  const [row] = await runSql(
    em,
    sql<FieldsRow & { trader_id: number; seq: number | null; hash: string | null; last_day: string | null; day: string }>`
      SELECT ${FIELD_COLUMNS}, t.trader_id, last.seq, last.hash, to_char(last.day, 'YYYY-MM-DD') AS last_day,
             to_char((t.closed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day
      FROM trader_trades t
      LEFT JOIN LATERAL (
        SELECT r.seq, r.hash, (r.recorded_at AT TIME ZONE 'UTC')::date AS day FROM trader_record r
        WHERE r.trader_id = t.trader_id ORDER BY r.seq DESC LIMIT 1
      ) last ON true
      WHERE t.id = ${tradeId} AND t.status = 'closed'`,
  );
  if (!row) throw new Error(`appendToRecord: trade ${tradeId} is not closed`);
  const seq = (row.seq ?? 0) + 1;
  const hash = chainHash(row.hash ?? GENESIS_HASH, toFields(row));
  if (row.seq !== null && row.last_day !== null && row.last_day < row.day) {
    await runSql(em, sql`INSERT INTO trader_record_heads (trader_id, day, seq, hash)
                         VALUES (${row.trader_id}, ${row.last_day}::date, ${row.seq}, ${row.hash}) ON CONFLICT DO NOTHING`);
  }
  // recorded_at is the trade's closed_at as stored (microseconds), so its UTC day is the one computed above.
  await runSql(em, sql`INSERT INTO trader_record (trader_id, seq, trade_id, hash, recorded_at)
                       SELECT trader_id, ${seq}, id, ${hash}, closed_at FROM trader_trades WHERE id = ${tradeId}`);
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
    const rows = await this.run(
      sql<FieldsRow & { seq: number; hash: string }>`
        SELECT r.seq, r.hash, ${FIELD_COLUMNS} FROM trader_record r JOIN trader_trades t ON t.id = r.trade_id
        WHERE r.trader_id = ${traderId} AND r.seq > ${after} ORDER BY r.seq LIMIT ${limit}`,
    );
    return rows.map((row) => ({ seq: Number(row.seq), fields: toFields(row), hash: row.hash }));
  }

  async heads(traderId: number): Promise<RecordHead[] | null> {
    if (!(await this.isPublic(traderId))) return null;
    // The stored heads of the days that ended, then the newest link's day when no head is stored for it yet (the
    // first close of a later day will store the same head): final once that day has ended.
    const rows = await this.run(
      sql<{ day: string; seq: number; hash: string; final: boolean }>`
        SELECT to_char(h.day, 'YYYY-MM-DD') AS day, h.seq, h.hash, true AS final FROM trader_record_heads h WHERE h.trader_id = ${traderId}
        UNION ALL
        SELECT to_char(l.day, 'YYYY-MM-DD'), l.seq, l.hash, l.day < (now() AT TIME ZONE 'UTC')::date
        FROM (SELECT r.seq, r.hash, (r.recorded_at AT TIME ZONE 'UTC')::date AS day FROM trader_record r
              WHERE r.trader_id = ${traderId} ORDER BY r.seq DESC LIMIT 1) l
        WHERE NOT EXISTS (SELECT 1 FROM trader_record_heads h WHERE h.trader_id = ${traderId} AND h.day = l.day)
        ORDER BY 1`,
    );
    return rows.map((row) => ({ date: row.day, seq: Number(row.seq), hash: row.hash, final: row.final }));
  }
}
