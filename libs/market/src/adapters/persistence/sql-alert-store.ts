import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray, type Sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { AlertStore, type AlertMail, type SpentAlert } from '../../application/ports/alert-store';
import type { Quote } from '../../domain/instrument';
import type { AlertDirection, PriceAlert } from '../../domain/price-alert';
import { usersTable } from '@mirrorline/accounts/sql';

interface AlertRow {
  id: string;
  user_id: string;
  symbol: string;
  direction: AlertDirection;
  price: string;
  notify_by_email: boolean;
  created_at: Date;
  triggered_at: Date | null;
  triggered_price: string | null;
}

/** The columns an AlertRow is read from (of `price_alerts a`). */
const COLUMNS = sql`a.id::text AS id, a.user_id::text AS user_id, a.symbol, a.direction, a.price::text AS price, a.notify_by_email,
                    a.created_at, a.triggered_at, a.triggered_price::text AS triggered_price`;

function toAlert(r: AlertRow): PriceAlert {
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    price: r.price,
    notifyByEmail: r.notify_by_email,
    createdAt: new Date(r.created_at),
    triggeredAt: r.triggered_at ? new Date(r.triggered_at) : null,
    triggeredPrice: r.triggered_price,
  };
}

/** The quotes as a relation `q (symbol, bid)` (bound as two arrays). */
function quotesRelation(quotes: readonly Quote[]): Sql<never> {
  return sql`SELECT * FROM unnest(${sqlArray(quotes.map((x) => x.symbol))}::varchar[], ${sqlArray(quotes.map((x) => x.bid))}::numeric[]) AS q(symbol, bid)`;
}

/**
 * The active alerts of one direction that a quote's bid crosses (from `q`). Driven by the quotes, one range scan of
 * the partial index (symbol, direction, price) WHERE active per quote: a tick costs what it crosses, not what is pending.
 */
function crossed(direction: AlertDirection, onlyId: Sql<never> = sql``): Sql<{ id: string; bid: string }> {
  const test = direction === 'above' ? sql`a.price <= q.bid` : sql`a.price >= q.bid`;
  return sql`SELECT a.id, q.bid FROM q JOIN price_alerts a
               ON a.symbol = q.symbol AND a.direction = ${direction} AND ${test} AND a.triggered_at IS NULL ${onlyId}`;
}

@Injectable()
export class SqlAlertStore extends AlertStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async watchlist(userId: string): Promise<string[]> {
    const [row] = await runSql(this.em, sql<{ symbols: string[] }>`SELECT symbols FROM market_watchlists WHERE user_id = ${userId}`);
    return row?.symbols ?? [];
  }

  async replaceWatchlist(tx: TransactionContext, userId: string, symbols: readonly string[]): Promise<void> {
    await runSql(
      emOf(tx),
      sql`INSERT INTO market_watchlists (user_id, symbols) VALUES (${userId}, ${sqlArray(symbols)}::varchar[])
          ON CONFLICT (user_id) DO UPDATE SET symbols = excluded.symbols, updated_at = now()`,
    );
  }

  async list(userId: string, days: number): Promise<PriceAlert[]> {
    const rows = await runSql(
      this.em,
      sql<AlertRow>`SELECT ${COLUMNS} FROM price_alerts a
                    WHERE a.user_id = ${userId} AND (a.triggered_at IS NULL OR a.triggered_at >= now() - make_interval(days => ${days}))
                    ORDER BY a.id DESC`,
    );
    return rows.map(toAlert);
  }

  async create(
    tx: TransactionContext,
    userId: string,
    input: { symbol: string; direction: AlertDirection; price: string; notifyByEmail: boolean },
    max: number,
  ): Promise<PriceAlert | null> {
    const em = emOf(tx);
    // one creation at a time per user, so that the count below stays true until the commit
    await runSql(em, sql`SELECT pg_advisory_xact_lock(hashtextextended('price_alerts:' || ${userId}, 0))`);
    const [row] = await runSql(
      em,
      sql<AlertRow>`INSERT INTO price_alerts AS a (user_id, symbol, direction, price, notify_by_email)
                    SELECT ${userId}, ${input.symbol}, ${input.direction}, ${input.price}::numeric, ${input.notifyByEmail}
                    WHERE (SELECT count(*) FROM price_alerts WHERE user_id = ${userId} AND triggered_at IS NULL) < ${max}
                    RETURNING ${COLUMNS}`,
    );
    return row ? toAlert(row) : null;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const rows = await runSql(this.em, sql`DELETE FROM price_alerts WHERE id = ${id}::bigint AND user_id = ${userId} RETURNING id`);
    return rows.length > 0;
  }

  async anyCrossed(quotes: readonly Quote[]): Promise<boolean> {
    if (!quotes.length) return false;
    const [row] = await runSql(
      this.em,
      sql<{ crossed: boolean }>`WITH q AS (${quotesRelation(quotes)})
                            SELECT EXISTS (${crossed('above')}) OR EXISTS (${crossed('below')}) AS crossed`,
    );
    return row?.crossed === true;
  }

  async spendCrossed(tx: TransactionContext, quotes: readonly Quote[], onlyId?: string): Promise<SpentAlert[]> {
    if (!quotes.length) return [];
    const only: Sql<never> = onlyId ? sql`AND a.id = ${onlyId}::bigint` : sql``;
    // One statement: the crossed alerts of both directions (each a range scan), locked in id order with SKIP LOCKED
    // (an alert another evaluation is spending is its to spend), spent at the crossing bid. The UPDATE re-checks
    // `triggered_at IS NULL` on the row it locked: an alert an evaluation that committed meanwhile has spent is not
    // spent twice. A mail the owner asked for becomes pending (the outbox, AlertMails).
    const locked = (direction: AlertDirection) => sql`${crossed(direction, only)} ORDER BY a.id FOR UPDATE OF a SKIP LOCKED`;
    const rows = await runSql(
      emOf(tx),
      sql<AlertRow>`WITH q AS (${quotesRelation(quotes)}), hit_above AS (${locked('above')}), hit_below AS (${locked('below')}),
                    hit AS (SELECT * FROM hit_above UNION ALL SELECT * FROM hit_below)
                    UPDATE price_alerts a
                    SET triggered_at = now(), triggered_price = hit.bid,
                        mail_state = CASE WHEN a.notify_by_email THEN 'pending' END
                    FROM hit WHERE a.id = hit.id AND a.triggered_at IS NULL
                    RETURNING ${COLUMNS}`,
    );
    return rows.map((r) => ({ ...toAlert(r), userId: r.user_id }));
  }

  async nextMail(tx: TransactionContext): Promise<AlertMail | null> {
    const [row] = await runSql(
      emOf(tx),
      sql<{ id: string; email: string; symbol: string; direction: AlertDirection; price: string; triggered_price: string }>`
        SELECT a.id::text AS id, u.email, a.symbol, a.direction, a.price::text AS price, a.triggered_price::text AS triggered_price
        FROM price_alerts a JOIN ${usersTable} u ON u.id = a.user_id
        WHERE a.mail_state = 'pending' ORDER BY a.id LIMIT 1 FOR UPDATE OF a SKIP LOCKED`,
    );
    return row ? { id: row.id, email: row.email, symbol: row.symbol, direction: row.direction, price: row.price, triggeredPrice: row.triggered_price } : null;
  }

  async mailDone(tx: TransactionContext, id: string, sent: boolean, maxAttempts: number): Promise<void> {
    await runSql(
      emOf(tx),
      sql`UPDATE price_alerts SET mail_attempts = mail_attempts + 1,
                 mail_state = CASE WHEN ${sent} THEN 'sent' WHEN mail_attempts + 1 >= ${maxAttempts} THEN 'failed' ELSE 'pending' END
          WHERE id = ${id}::bigint`,
    );
  }
}
