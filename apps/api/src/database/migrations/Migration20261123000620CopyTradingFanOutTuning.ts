import { Migration } from '@mikro-orm/migrations';

/**
 * Tuning for the 100,000-copy fan-out and settlement (bench/copy-fanout, docs/copy-trading.md):
 * - copy_positions: the key is (trade_id, copy_id) (one position per copy and trade, and the access path of
 *   fan-out and settlement); one more index on copy_id. No index mentions settled/pnl/fee/settled_at and the
 *   table keeps half of each page free, so the settlement's one UPDATE per position is a HOT update (no
 *   index writes). The FK to trader_trades goes: the engine inserts a trade and its positions in one
 *   transaction and trades can no longer be deleted (trigger below), so it only cost a probe per row.
 * - copies: 30 % free space per page so the high-water-mark updates of a settlement stay HOT.
 * - notifications: the unread count uses the (user_id, id) index; the partial index cost a write per row.
 */
export class Migration20261123000620CopyTradingFanOutTuning extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE copy_positions DROP CONSTRAINT copy_positions_trade_id_fkey;');
    this.addSql('DROP INDEX copy_positions_open_idx;');
    this.addSql('DROP INDEX copy_positions_follower_idx;');
    this.addSql('ALTER TABLE copy_positions DROP CONSTRAINT copy_positions_pkey;');
    this.addSql('DROP INDEX copy_positions_trade_copy_unique;');
    this.addSql('ALTER TABLE copy_positions ADD CONSTRAINT copy_positions_pkey PRIMARY KEY (trade_id, copy_id);');
    this.addSql('CREATE INDEX copy_positions_copy_idx ON copy_positions (copy_id);');
    this.addSql('ALTER TABLE copy_positions SET (fillfactor = 50);');
    this.addSql('ALTER TABLE copies SET (fillfactor = 70);');
    this.addSql(`
      CREATE TRIGGER trader_trades_no_delete BEFORE DELETE OR TRUNCATE ON trader_trades
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_modification();`);
    this.addSql('DROP INDEX notifications_unread_idx;');
  }

  override async down(): Promise<void> {
    this.addSql('CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;');
    this.addSql('DROP TRIGGER IF EXISTS trader_trades_no_delete ON trader_trades;');
    this.addSql('ALTER TABLE copies RESET (fillfactor);');
    this.addSql('ALTER TABLE copy_positions RESET (fillfactor);');
    this.addSql('DROP INDEX copy_positions_copy_idx;');
    this.addSql('ALTER TABLE copy_positions DROP CONSTRAINT copy_positions_pkey;');
    this.addSql('ALTER TABLE copy_positions ADD CONSTRAINT copy_positions_pkey PRIMARY KEY (id);');
    this.addSql('CREATE UNIQUE INDEX copy_positions_trade_copy_unique ON copy_positions (trade_id, copy_id);');
    this.addSql('CREATE INDEX copy_positions_follower_idx ON copy_positions (follower_id, settled_at);');
    this.addSql('CREATE INDEX copy_positions_open_idx ON copy_positions (copy_id) WHERE NOT settled;');
    this.addSql('ALTER TABLE copy_positions ADD CONSTRAINT copy_positions_trade_id_fkey FOREIGN KEY (trade_id) REFERENCES trader_trades (id);');
  }
}
