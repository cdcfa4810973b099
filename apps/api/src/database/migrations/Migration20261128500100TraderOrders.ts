import { Migration } from '@mikro-orm/migrations';

/**
 * Entry orders and trailing stops (product.md §12.5, docs/copy-trading.md "Entry orders"):
 * - trader_orders: a trader's pending limit / stop entry order. It reserves nothing: when the quote reaches its
 *   price the price watcher fills it through the open path (a trade and its copiers' positions, one transaction),
 *   and the order becomes `filled` with its trade; `cancelled` (DELETE trader/orders/:id), `expired` (past
 *   expires_at) or `rejected` (a fill-time check failed: `reason`) otherwise. A status leaves `pending` once.
 *   The partial index on pending orders by (symbol, type, side, price) serves the watcher's one trigger statement:
 *   each of its four branches (buy/sell × limit/stop) is a range scan from the quote's price.
 * - trader_trades.trailing_stop_pct: a trade whose stop loss follows the best price by this % (the watcher moves
 *   stop_loss up for a buy, down for a sell, never back); the stop loss closes it as any stop loss does.
 */
export class Migration20261128500100TraderOrders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE trader_orders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        trader_id integer NOT NULL REFERENCES trader_profiles (id),
        symbol varchar(16) NOT NULL,
        market varchar(8) NOT NULL,
        side varchar(4) NOT NULL,
        type varchar(5) NOT NULL,
        price numeric(24, 8) NOT NULL,
        allocation_pct smallint NOT NULL,
        stop_loss numeric(24, 8) NULL,
        take_profit numeric(24, 8) NULL,
        trailing_stop_pct numeric(5, 2) NULL,
        status varchar(9) NOT NULL DEFAULT 'pending',
        reason text NULL,
        trade_id bigint NULL REFERENCES trader_trades (id),
        expires_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT trader_orders_market_check CHECK (market IN ('Forex', 'Crypto', 'Stocks')),
        CONSTRAINT trader_orders_side_check CHECK (side IN ('buy', 'sell')),
        CONSTRAINT trader_orders_type_check CHECK (type IN ('limit', 'stop')),
        CONSTRAINT trader_orders_status_check CHECK (status IN ('pending', 'filled', 'cancelled', 'expired', 'rejected')),
        CONSTRAINT trader_orders_allocation_check CHECK (allocation_pct BETWEEN 1 AND 100),
        CONSTRAINT trader_orders_prices_check CHECK (price > 0 AND (stop_loss IS NULL OR stop_loss > 0) AND (take_profit IS NULL OR take_profit > 0)),
        CONSTRAINT trader_orders_trailing_check CHECK (trailing_stop_pct IS NULL OR trailing_stop_pct BETWEEN 0.1 AND 50),
        CONSTRAINT trader_orders_filled_check CHECK ((status = 'filled') = (trade_id IS NOT NULL))
      );`);
    this.addSql(`CREATE INDEX trader_orders_pending_idx ON trader_orders (symbol, type, side, price) WHERE status = 'pending';`);
    this.addSql(`CREATE INDEX trader_orders_expiry_idx ON trader_orders (expires_at) WHERE status = 'pending' AND expires_at IS NOT NULL;`);
    this.addSql(`CREATE INDEX trader_orders_trader_idx ON trader_orders (trader_id, id DESC);`);
    this.addSql(`
      ALTER TABLE trader_trades
        ADD COLUMN trailing_stop_pct numeric(5, 2) NULL,
        ADD CONSTRAINT trader_trades_trailing_check CHECK (trailing_stop_pct IS NULL OR trailing_stop_pct BETWEEN 0.1 AND 50);`);
    this.addSql(`CREATE INDEX trader_trades_trailing_idx ON trader_trades (symbol) WHERE status = 'open' AND trailing_stop_pct IS NOT NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX IF EXISTS trader_trades_trailing_idx;');
    this.addSql('ALTER TABLE trader_trades DROP CONSTRAINT IF EXISTS trader_trades_trailing_check, DROP COLUMN IF EXISTS trailing_stop_pct;');
    this.addSql('DROP TABLE IF EXISTS trader_orders;');
  }
}
