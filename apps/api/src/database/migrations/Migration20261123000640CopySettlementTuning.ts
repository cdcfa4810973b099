import { Migration } from '@mikro-orm/migrations';

/**
 * Second round of tuning for the 100,000-copy fan-out and settlement (bench/copy-fanout, docs/copy-trading.md):
 * - copy_positions.copy_id loses its foreign key: the fan-out inserts positions only from a SELECT over the
 *   trader's copies (under the trader's exclusive lock), so the RI trigger's probe per row (≈ 0.9 s of a
 *   100,000-row fan-out) checked nothing the statement did not already guarantee. Copies become undeletable
 *   (as trades and ledger rows are), so a position can never lose its copy.
 * - copies and ledger_accounts keep 55 % of each page free: a winning close raises every copy's high-water
 *   mark and moves every copy-equity balance, and with 30 % free only ~40 % of a page's rows found room for
 *   their new version on the same page (a HOT update); the rest paid an index insert in every index.
 *   Pages written before this migration keep their old fill until they are rewritten (VACUUM FULL).
 * - copy_trade_notices: a transactional outbox. Opening or closing a trade records one row here in its own
 *   transaction; the per-follower notifications (copied / skipped / closed with pnl, 100,000 rows for a large
 *   trader) are written from it right after the commit, so the trader's request does not wait for them and a
 *   crash between commit and delivery loses nothing (undelivered rows are picked up at the next start).
 */
export class Migration20261123000640CopySettlementTuning extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE copy_positions DROP CONSTRAINT copy_positions_copy_id_fkey;');
    this.addSql(`
      CREATE TRIGGER copies_no_delete BEFORE DELETE OR TRUNCATE ON copies
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_modification();`);
    this.addSql('ALTER TABLE copies SET (fillfactor = 45);');
    this.addSql('ALTER TABLE ledger_accounts SET (fillfactor = 45);');
    this.addSql(`
      CREATE TABLE copy_trade_notices (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        trade_id bigint NOT NULL REFERENCES trader_trades (id),
        kind varchar(8) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT copy_trade_notices_kind_check CHECK (kind IN ('opened', 'closed'))
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS copy_trade_notices;');
    this.addSql('ALTER TABLE ledger_accounts SET (fillfactor = 70);');
    this.addSql('ALTER TABLE copies SET (fillfactor = 70);');
    this.addSql('DROP TRIGGER IF EXISTS copies_no_delete ON copies;');
    this.addSql('ALTER TABLE copy_positions ADD CONSTRAINT copy_positions_copy_id_fkey FOREIGN KEY (copy_id) REFERENCES copies (id);');
  }
}
