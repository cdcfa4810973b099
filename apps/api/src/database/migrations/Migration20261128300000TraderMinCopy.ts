import { Migration } from '@mikro-orm/migrations';

/**
 * A trader's minimum copy amount (product.md §12.3), cents: at least 10.00 (the platform's minimum follow,
 * MIN_COPY_AMOUNT), set by the trader (PATCH trader/settings) and enforced by the follow. The maximum number of
 * copiers (max_copiers) already exists.
 */
export class Migration20261128300000TraderMinCopy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE trader_profiles
        ADD COLUMN min_copy_amount bigint NOT NULL DEFAULT 1000,
        ADD CONSTRAINT trader_profiles_min_copy_amount_check CHECK (min_copy_amount >= 1000);`);
  }

  override async down(): Promise<void> {
    this.addSql('ALTER TABLE trader_profiles DROP COLUMN min_copy_amount;');
  }
}
