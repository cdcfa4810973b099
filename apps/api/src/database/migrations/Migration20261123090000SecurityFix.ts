import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 11 (security findings):
 * - ledger_accounts_max_balance: no user account may hold more than MAX_BALANCE_CENTS (libs/shared money.ts,
 *   1,000,000,000.00 USD), far inside JavaScript's safe integers (2^53 − 1 cents). Two trades of a trader and
 *   a sock-puppet follower once pushed an equity past 2^53 cents; every posting that would pass the limit now
 *   fails (SQLSTATE 23514, → 422 WALLET.BALANCE_LIMIT) and nothing of it is written. NOT VALID: balances that
 *   are already past it (an append-only ledger keeps them) stay readable; the check holds for every change.
 * - copies.share_pct: the profit share a copy was opened with (product.md §10). Settlement charges the copy's
 *   own share; a trader's change applies to new copies only, until the follower accepts it. Existing copies
 *   keep the share their trader has today (the best record there is of what they agreed to).
 */
export class Migration20261123090000SecurityFix extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_max_balance
                 CHECK (owner_id IS NULL OR balance <= 100000000000) NOT VALID;`);
    this.addSql(`ALTER TABLE copies ADD COLUMN share_pct smallint NULL;`);
    this.addSql(`UPDATE copies c SET share_pct = tp.share_pct FROM trader_profiles tp WHERE tp.id = c.trader_id;`);
    this.addSql(`ALTER TABLE copies ALTER COLUMN share_pct SET NOT NULL;`);
    this.addSql(`ALTER TABLE copies ADD CONSTRAINT copies_share_pct_check CHECK (share_pct BETWEEN 0 AND 50);`);
    // A copy inserted without a share (seeders, benches, older code paths) takes its trader's share of the moment.
    this.addSql(`
      CREATE OR REPLACE FUNCTION copies_share_pct_default() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT share_pct INTO NEW.share_pct FROM trader_profiles WHERE id = NEW.trader_id;
        RETURN NEW;
      END $$;`);
    this.addSql(`
      CREATE TRIGGER copies_share_pct_default BEFORE INSERT ON copies
      FOR EACH ROW WHEN (NEW.share_pct IS NULL) EXECUTE FUNCTION copies_share_pct_default();`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TRIGGER IF EXISTS copies_share_pct_default ON copies;');
    this.addSql('DROP FUNCTION IF EXISTS copies_share_pct_default();');
    this.addSql('ALTER TABLE copies DROP COLUMN IF EXISTS share_pct;');
    this.addSql('ALTER TABLE ledger_accounts DROP CONSTRAINT IF EXISTS ledger_accounts_max_balance;');
  }
}
