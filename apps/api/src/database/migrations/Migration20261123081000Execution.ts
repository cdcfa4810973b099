import { Migration } from '@mikro-orm/migrations';

/**
 * Execution at the market (product.md §9.3, docs/market.md "Execution"):
 * - trader_trades: `symbol` (an instrument of the market context; `pair` stays and equals it), optional
 *   stop loss / take profit levels, the close reason (manual / stop_loss / take_profit) and the times of the
 *   quotes the entry and the exit filled on. A partial index on open trades by symbol serves the price watcher.
 * - copy_positions: the fill receipt (copier fill, quote time, delay, slippage; the trader's fill is the
 *   trade's entry price) and, once settled, the exit price and reason of this position (a copy close-out
 *   settles one copy's positions at a quote of its own, reason copy_stop_loss).
 * - copies.stop_reason: a close-out on live equity is reason `stop_loss` like the settled check.
 */
export class Migration20261123081000Execution extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE trader_trades
        ADD COLUMN symbol varchar(16) NULL,
        ADD COLUMN stop_loss numeric(24, 8) NULL,
        ADD COLUMN take_profit numeric(24, 8) NULL,
        ADD COLUMN close_reason varchar(16) NULL,
        ADD COLUMN entry_quote_time timestamptz NULL,
        ADD COLUMN exit_quote_time timestamptz NULL;`);
    this.addSql(`UPDATE trader_trades SET symbol = pair WHERE symbol IS NULL;`);
    this.addSql(`UPDATE trader_trades SET close_reason = 'manual' WHERE status = 'closed' AND close_reason IS NULL;`);
    this.addSql(`ALTER TABLE trader_trades ALTER COLUMN symbol SET NOT NULL;`);
    this.addSql(`
      ALTER TABLE trader_trades
        ADD CONSTRAINT trader_trades_levels_check CHECK ((stop_loss IS NULL OR stop_loss > 0) AND (take_profit IS NULL OR take_profit > 0)),
        ADD CONSTRAINT trader_trades_close_reason_check CHECK (close_reason IS NULL OR close_reason IN ('manual', 'stop_loss', 'take_profit'));`);
    this.addSql(`CREATE INDEX trader_trades_open_symbol_idx ON trader_trades (symbol) WHERE status = 'open';`);
    this.addSql(`
      ALTER TABLE copy_positions
        ADD COLUMN fill_price numeric(24, 8) NULL,
        ADD COLUMN quote_time timestamptz NULL,
        ADD COLUMN delay_ms integer NOT NULL DEFAULT 0,
        ADD COLUMN slippage_bps numeric(10, 2) NOT NULL DEFAULT 0,
        ADD COLUMN exit_price numeric(24, 8) NULL,
        ADD COLUMN close_reason varchar(16) NULL;`);
    this.addSql(`
      ALTER TABLE copy_positions
        ADD CONSTRAINT copy_positions_close_reason_check
          CHECK (close_reason IS NULL OR close_reason IN ('manual', 'stop_loss', 'take_profit', 'copy_stop_loss'));`);
    // Positions of before: the copier filled at the trader's price; settled ones closed with their trade.
    this.addSql(`
      UPDATE copy_positions p SET fill_price = t.entry_price, quote_time = t.opened_at,
        exit_price = CASE WHEN p.settled THEN t.exit_price END, close_reason = CASE WHEN p.settled THEN 'manual' END
      FROM trader_trades t WHERE t.id = p.trade_id;`);
  }

  override async down(): Promise<void> {
    this.addSql('ALTER TABLE copy_positions DROP CONSTRAINT IF EXISTS copy_positions_close_reason_check;');
    this.addSql(`ALTER TABLE copy_positions DROP COLUMN fill_price, DROP COLUMN quote_time, DROP COLUMN delay_ms,
      DROP COLUMN slippage_bps, DROP COLUMN exit_price, DROP COLUMN close_reason;`);
    this.addSql('DROP INDEX IF EXISTS trader_trades_open_symbol_idx;');
    this.addSql(`ALTER TABLE trader_trades DROP CONSTRAINT IF EXISTS trader_trades_levels_check,
      DROP CONSTRAINT IF EXISTS trader_trades_close_reason_check;`);
    this.addSql(`ALTER TABLE trader_trades DROP COLUMN symbol, DROP COLUMN stop_loss, DROP COLUMN take_profit,
      DROP COLUMN close_reason, DROP COLUMN entry_quote_time, DROP COLUMN exit_quote_time;`);
  }
}
