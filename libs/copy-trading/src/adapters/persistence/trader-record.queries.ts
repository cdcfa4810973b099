import { sql, type Sql, type TraderRecordHeadsTable, type TraderRecordTable, type TraderTradesTable } from '@mirrorline/shared';

/** The fields of a closed trade that a record link hashes (numerics as text). */
export type RecordFieldsRow = Pick<TraderTradesTable, 'symbol' | 'side' | 'allocation_pct' | 'opened_at'> & {
  id: string;
  entry_price: string;
  exit_price: string;
  closed_at: Date;
  pnl_pct: string;
  close_reason: string;
};

/** A closed trade to append, with its trader's newest link (none yet: nulls) and the UTC days of both. */
export type RecordAppendRow = RecordFieldsRow &
  Pick<TraderTradesTable, 'trader_id'> & { seq: TraderRecordTable['seq'] | null; hash: string | null; last_day: string | null; day: string };

/** The columns of trader_trades (alias t) that a record link hashes. */
const FIELD_COLUMNS = sql`t.id::text AS id, t.symbol, t.side, t.allocation_pct, t.entry_price::text AS entry_price,
  t.exit_price::text AS exit_price, t.opened_at, t.closed_at, t.pnl_pct::text AS pnl_pct, t.close_reason`;

/** The verifiable record's statements (appendToRecord and SqlTraderRecord run them; docs/copy-trading.md "The verifiable record"). */
export const traderRecordQueries = {
  /** The closed trade's fields, with its trader's newest link. */
  tradeToAppend(tradeId: string): Sql<RecordAppendRow> {
    return sql<RecordAppendRow>`
      SELECT ${FIELD_COLUMNS}, t.trader_id, last.seq, last.hash, to_char(last.day, 'YYYY-MM-DD') AS last_day,
             to_char((t.closed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day
      FROM trader_trades t
      LEFT JOIN LATERAL (
        SELECT r.seq, r.hash, (r.recorded_at AT TIME ZONE 'UTC')::date AS day FROM trader_record r
        WHERE r.trader_id = t.trader_id ORDER BY r.seq DESC LIMIT 1
      ) last ON true
      WHERE t.id = ${tradeId} AND t.status = 'closed'`;
  },

  /** The head of a day that ended (its last link), stored once. */
  insertHead(head: Pick<TraderRecordHeadsTable, 'trader_id' | 'seq' | 'hash'> & { day: string }): Sql<never> {
    return sql`INSERT INTO trader_record_heads (trader_id, day, seq, hash)
                         VALUES (${head.trader_id}, ${head.day}::date, ${head.seq}, ${head.hash}) ON CONFLICT DO NOTHING`;
  },

  /** The trade's link; recorded_at is the trade's closed_at as stored (microseconds), so its UTC day is the trade's. */
  insertLink(tradeId: string, seq: number, hash: string): Sql<never> {
    return sql`INSERT INTO trader_record (trader_id, seq, trade_id, hash, recorded_at)
                       SELECT trader_id, ${seq}, id, ${hash}, closed_at FROM trader_trades WHERE id = ${tradeId}`;
  },

  /** The trader's links after `after`, with the fields read from the trades themselves. */
  links(traderId: number, after: number, limit: number): Sql<RecordFieldsRow & Pick<TraderRecordTable, 'seq' | 'hash'>> {
    return sql<RecordFieldsRow & Pick<TraderRecordTable, 'seq' | 'hash'>>`
        SELECT r.seq, r.hash, ${FIELD_COLUMNS} FROM trader_record r JOIN trader_trades t ON t.id = r.trade_id
        WHERE r.trader_id = ${traderId} AND r.seq > ${after} ORDER BY r.seq LIMIT ${limit}`;
  },

  /**
   * The stored heads of the days that ended, then the newest link's day when no head is stored for it yet (the first
   * close of a later day will store the same head): final once that day has ended.
   */
  heads(traderId: number): Sql<{ day: string; seq: number; hash: string; final: boolean }> {
    return sql<{ day: string; seq: number; hash: string; final: boolean }>`
        SELECT to_char(h.day, 'YYYY-MM-DD') AS day, h.seq, h.hash, true AS final FROM trader_record_heads h WHERE h.trader_id = ${traderId}
        UNION ALL
        SELECT to_char(l.day, 'YYYY-MM-DD'), l.seq, l.hash, l.day < (now() AT TIME ZONE 'UTC')::date
        FROM (SELECT r.seq, r.hash, (r.recorded_at AT TIME ZONE 'UTC')::date AS day FROM trader_record r
              WHERE r.trader_id = ${traderId} ORDER BY r.seq DESC LIMIT 1) l
        WHERE NOT EXISTS (SELECT 1 FROM trader_record_heads h WHERE h.trader_id = ${traderId} AND h.day = l.day)
        ORDER BY 1`;
  },
};
