import { Migration } from '@mikro-orm/migrations';

/**
 * Watchlists and price alerts (product.md §12.5, docs/market.md "Watchlist and price alerts"), owned by the market:
 * - market_watchlists: one row per user, the ordered symbols (PUT replaces the whole list);
 * - price_alerts: `direction` above | below `price`; spent once (triggered_at, triggered_price) by the first quote
 *   at or beyond the price. The partial index on (symbol, direction, price) of the active alerts bounds the
 *   watcher's per-quote statement to the alerts a quote can cross. A mail the owner asked for is an outbox on the
 *   row itself: mail_state 'pending' from the spend, 'sent' (or 'failed' after MAIL_ATTEMPTS tries) once handled.
 */
export class Migration20261128400000WatchlistAlerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE market_watchlists (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        symbols varchar(16)[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT market_watchlists_size CHECK (cardinality(symbols) <= 50)
      );`);
    this.addSql(`
      CREATE TABLE price_alerts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        symbol varchar(16) NOT NULL REFERENCES market_instruments (symbol),
        direction varchar(5) NOT NULL CHECK (direction IN ('above', 'below')),
        price numeric NOT NULL CHECK (price > 0),
        notify_by_email boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        triggered_at timestamptz NULL,
        triggered_price numeric NULL,
        mail_state varchar(7) NULL CHECK (mail_state IN ('pending', 'sent', 'failed')),
        mail_attempts smallint NOT NULL DEFAULT 0,
        CONSTRAINT price_alerts_triggered CHECK ((triggered_at IS NULL) = (triggered_price IS NULL))
      );`);
    this.addSql(`CREATE INDEX price_alerts_active_idx ON price_alerts (symbol, direction, price) WHERE triggered_at IS NULL;`);
    this.addSql(`CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, id DESC);`);
    this.addSql(`CREATE INDEX price_alerts_mail_idx ON price_alerts (id) WHERE mail_state = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS price_alerts;');
    this.addSql('DROP TABLE IF EXISTS market_watchlists;');
  }
}
