import { Migration } from '@mikro-orm/migrations';

/**
 * Copy controls (product.md §12.1, docs/copy-trading.md "Copy controls"):
 * - copies.take_profit_pct (1–1000): the copy closes out once its live equity reaches invested × (1 + tp / 100);
 *   stop_reason gains `take_profit`;
 * - copy_positions.close_reason gains the copier's own closes: `copy_take_profit`, `copy_stopped` (a stop with
 *   closePositions) and `copier_closed` (one position closed by its owner). The column grows to 20 characters;
 * - copy_guard_notices.reasons: per copy, why it was closed out (the old rows were all `copy_stop_loss`: NULL).
 */
export class Migration20261128000000CopyControls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE copies
        ADD COLUMN take_profit_pct smallint NULL,
        ADD CONSTRAINT copies_take_profit_check CHECK (take_profit_pct IS NULL OR take_profit_pct BETWEEN 1 AND 1000),
        DROP CONSTRAINT copies_stop_reason_check,
        ADD CONSTRAINT copies_stop_reason_check CHECK (stop_reason IS NULL OR stop_reason IN ('user', 'stop_loss', 'take_profit'));`);
    this.addSql(`
      ALTER TABLE copy_positions
        DROP CONSTRAINT copy_positions_close_reason_check,
        ALTER COLUMN close_reason TYPE varchar(20),
        ADD CONSTRAINT copy_positions_close_reason_check CHECK (close_reason IS NULL OR close_reason IN
          ('manual', 'stop_loss', 'take_profit', 'copy_stop_loss', 'copy_take_profit', 'copy_stopped', 'copier_closed'));`);
    this.addSql(`
      ALTER TABLE copy_guard_notices
        ADD COLUMN reasons varchar(20)[] NULL,
        ADD CONSTRAINT copy_guard_notices_reasons_length CHECK (reasons IS NULL OR cardinality(reasons) = cardinality(copy_ids));`);
  }

  override async down(): Promise<void> {
    this.addSql('ALTER TABLE copy_guard_notices DROP CONSTRAINT IF EXISTS copy_guard_notices_reasons_length, DROP COLUMN IF EXISTS reasons;');
    this.addSql(`
      ALTER TABLE copy_positions
        DROP CONSTRAINT copy_positions_close_reason_check,
        ADD CONSTRAINT copy_positions_close_reason_check CHECK (close_reason IS NULL OR close_reason IN ('manual', 'stop_loss', 'take_profit', 'copy_stop_loss'));`);
    this.addSql(`
      ALTER TABLE copies
        DROP CONSTRAINT copies_stop_reason_check,
        ADD CONSTRAINT copies_stop_reason_check CHECK (stop_reason IS NULL OR stop_reason IN ('user', 'stop_loss')),
        DROP CONSTRAINT copies_take_profit_check,
        DROP COLUMN take_profit_pct;`);
  }
}
