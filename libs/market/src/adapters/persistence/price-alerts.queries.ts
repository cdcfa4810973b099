import { sql, sqlArray, type PriceAlertsTable, type Sql } from '@mirrorline/shared';
import type { Quote } from '../../domain/instrument';
import type { AlertDirection } from '../../domain/price-alert';
import { usersTable } from '@mirrorline/accounts/sql';

export type AlertRow = Pick<
  PriceAlertsTable,
  'id' | 'user_id' | 'symbol' | 'price' | 'notify_by_email' | 'created_at' | 'triggered_at' | 'triggered_price'
> & { direction: AlertDirection };

export type AlertMailRow = Pick<PriceAlertsTable, 'id' | 'symbol' | 'price'> & { email: string; direction: AlertDirection; triggered_price: string };

/** The columns an AlertRow is read from (of `price_alerts a`). */
const COLUMNS = sql`a.id::text AS id, a.user_id::text AS user_id, a.symbol, a.direction, a.price::text AS price, a.notify_by_email,
                    a.created_at, a.triggered_at, a.triggered_price::text AS triggered_price`;

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

/** The statements of watchlists and price alerts (SqlAlertStore runs them). */
export const priceAlertsQueries = {
  watchlist(userId: string): Sql<{ symbols: string[] }> {
    return sql<{ symbols: string[] }>`SELECT symbols FROM market_watchlists WHERE user_id = ${userId}`;
  },

  replaceWatchlist(userId: string, symbols: readonly string[]): Sql<never> {
    return sql`INSERT INTO market_watchlists (user_id, symbols) VALUES (${userId}, ${sqlArray(symbols)}::varchar[])
          ON CONFLICT (user_id) DO UPDATE SET symbols = excluded.symbols, updated_at = now()`;
  },

  /** The user's active alerts and those triggered in the last `days` days, newest first. */
  list(userId: string, days: number): Sql<AlertRow> {
    return sql<AlertRow>`SELECT ${COLUMNS} FROM price_alerts a
                    WHERE a.user_id = ${userId} AND (a.triggered_at IS NULL OR a.triggered_at >= now() - make_interval(days => ${days}))
                    ORDER BY a.id DESC`;
  },

  /** One creation at a time per user (a transaction-scoped advisory lock), so a count stays true until the commit. */
  lockUserAlerts(userId: string): Sql<never> {
    return sql`SELECT pg_advisory_xact_lock(hashtextextended('price_alerts:' || ${userId}, 0))`;
  },

  /** The new alert, or no row when the user already has `max` active ones. */
  create(userId: string, input: { symbol: string; direction: AlertDirection; price: string; notifyByEmail: boolean }, max: number): Sql<AlertRow> {
    return sql<AlertRow>`INSERT INTO price_alerts AS a (user_id, symbol, direction, price, notify_by_email)
                    SELECT ${userId}, ${input.symbol}, ${input.direction}, ${input.price}::numeric, ${input.notifyByEmail}
                    WHERE (SELECT count(*) FROM price_alerts WHERE user_id = ${userId} AND triggered_at IS NULL) < ${max}
                    RETURNING ${COLUMNS}`;
  },

  delete(userId: string, id: string): Sql<{ id: string }> {
    return sql<{ id: string }>`DELETE FROM price_alerts WHERE id = ${id}::bigint AND user_id = ${userId} RETURNING id`;
  },

  anyCrossed(quotes: readonly Quote[]): Sql<{ crossed: boolean }> {
    return sql<{ crossed: boolean }>`WITH q AS (${quotesRelation(quotes)})
                            SELECT EXISTS (${crossed('above')}) OR EXISTS (${crossed('below')}) AS crossed`;
  },

  /**
   * One statement: the crossed alerts of both directions (each a range scan), locked in id order with SKIP LOCKED
   * (an alert another evaluation is spending is its to spend), spent at the crossing bid. The UPDATE re-checks
   * `triggered_at IS NULL` on the row it locked: an alert an evaluation that committed meanwhile has spent is not
   * spent twice. A mail the owner asked for becomes pending (the outbox, AlertMails).
   */
  spendCrossed(quotes: readonly Quote[], onlyId?: string): Sql<AlertRow> {
    const only: Sql<never> = onlyId ? sql`AND a.id = ${onlyId}::bigint` : sql``;
    const locked = (direction: AlertDirection) => sql`${crossed(direction, only)} ORDER BY a.id FOR UPDATE OF a SKIP LOCKED`;
    return sql<AlertRow>`WITH q AS (${quotesRelation(quotes)}), hit_above AS (${locked('above')}), hit_below AS (${locked('below')}),
                    hit AS (SELECT * FROM hit_above UNION ALL SELECT * FROM hit_below)
                    UPDATE price_alerts a
                    SET triggered_at = now(), triggered_price = hit.bid,
                        mail_state = CASE WHEN a.notify_by_email THEN 'pending' END
                    FROM hit WHERE a.id = hit.id AND a.triggered_at IS NULL
                    RETURNING ${COLUMNS}`;
  },

  /** The oldest pending alert mail, locked (SKIP LOCKED: several instances share the outbox). */
  nextMail(): Sql<AlertMailRow> {
    return sql<AlertMailRow>`
        SELECT a.id::text AS id, u.email, a.symbol, a.direction, a.price::text AS price, a.triggered_price::text AS triggered_price
        FROM price_alerts a JOIN ${usersTable} u ON u.id = a.user_id
        WHERE a.mail_state = 'pending' ORDER BY a.id LIMIT 1 FOR UPDATE OF a SKIP LOCKED`;
  },

  mailDone(id: string, sent: boolean, maxAttempts: number): Sql<never> {
    return sql`UPDATE price_alerts SET mail_attempts = mail_attempts + 1,
                 mail_state = CASE WHEN ${sent} THEN 'sent' WHEN mail_attempts + 1 >= ${maxAttempts} THEN 'failed' ELSE 'pending' END
          WHERE id = ${id}::bigint`;
  },
};
