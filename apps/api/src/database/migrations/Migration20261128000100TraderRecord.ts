import { Migration } from '@mikro-orm/migrations';

/**
 * The verifiable track record (product.md §12.4, docs/copy-trading.md "The verifiable record"):
 * - trader_record: one link per closed trade of a trader, in the order they closed (seq from 1), with the chain's
 *   hash at that link. Written by the close's own transaction (SqlTradeEngine.closeTrade), under the trader's row lock.
 *   The fields that were hashed are the trade's public fields: the API recomputes them from trader_trades, so editing
 *   the trade row (or the hash here) shows as a broken link to anyone who recomputes the chain.
 * - trader_record_heads: the chain's head at the end of each UTC day on which it grew, written by the first close of a
 *   later day.
 * Both are append-only: UPDATE and DELETE raise.
 */
export class Migration20261128000100TraderRecord extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE trader_record (
        trader_id int NOT NULL REFERENCES trader_profiles (id),
        seq int NOT NULL CHECK (seq >= 1),
        trade_id bigint NOT NULL UNIQUE REFERENCES trader_trades (id),
        hash char(64) NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        recorded_at timestamptz NOT NULL,
        PRIMARY KEY (trader_id, seq)
      );`);
    this.addSql(`
      CREATE TABLE trader_record_heads (
        trader_id int NOT NULL,
        day date NOT NULL,
        seq int NOT NULL,
        hash char(64) NOT NULL,
        PRIMARY KEY (trader_id, day),
        FOREIGN KEY (trader_id, seq) REFERENCES trader_record (trader_id, seq)
      );`);
    this.addSql(`
      CREATE FUNCTION trader_record_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
      END $$;`);
    this.addSql(`CREATE TRIGGER trader_record_append_only BEFORE UPDATE OR DELETE ON trader_record
      FOR EACH ROW EXECUTE FUNCTION trader_record_append_only();`);
    this.addSql(`CREATE TRIGGER trader_record_heads_append_only BEFORE UPDATE OR DELETE ON trader_record_heads
      FOR EACH ROW EXECUTE FUNCTION trader_record_append_only();`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS trader_record_heads;');
    this.addSql('DROP TABLE IF EXISTS trader_record;');
    this.addSql('DROP FUNCTION IF EXISTS trader_record_append_only();');
  }
}
