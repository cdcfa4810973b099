import { Migration } from '@mikro-orm/migrations';

/**
 * Exactly once (product.md §11.2, docs/ledger.md "Business references"):
 *
 * - Every ledger transaction carries a business reference, unique per type: (type, reference) is UNIQUE and
 *   reference NOT NULL, for every type (Migration…0700WalletGuards covered the wallet's four types only). A
 *   second posting of the same business fact (a wallet transaction's approval, a trade's settlement, one
 *   request's copy funding) is refused by PostgreSQL whatever code runs it, as TigerBeetle refuses a transfer id
 *   twice. References of repeatable operations carry the request's reference (its Idempotency-Key's).
 *   Postings written before this migration repeated references (`copy:<id>` for every funding of a copy,
 *   `copy_stop_loss` for every close-out) or had none: their references are made unique by appending `#<id>`
 *   (`legacy#<id>` where there was none). Only that column of those rows changes (amounts, accounts and times
 *   never); the append-only trigger is paused for that one UPDATE and restored in the same transaction.
 * - idempotency_keys: a key's row is now written in the effect's transaction, and kept (a retry at any later
 *   time replays), so there is no stale claim to find and no purge by age: its created_at index goes.
 */
export class Migration20261127100000ExactlyOnce extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only;');
    this.addSql(`
      UPDATE ledger_transactions t SET reference = coalesce(t.reference, 'legacy') || '#' || t.id
      FROM (SELECT id, row_number() OVER (PARTITION BY type, reference ORDER BY id) AS n FROM ledger_transactions) d
      WHERE d.id = t.id AND (t.reference IS NULL OR d.n > 1);`);
    this.addSql('ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only;');
    this.addSql('ALTER TABLE ledger_transactions ALTER COLUMN reference SET NOT NULL;');
    this.addSql('CREATE UNIQUE INDEX ledger_transactions_type_reference_unique ON ledger_transactions (type, reference);');
    this.addSql('DROP INDEX IF EXISTS ledger_transactions_wallet_posting_unique;');
    this.addSql('DROP INDEX IF EXISTS idempotency_keys_created_idx;');
  }

  override async down(): Promise<void> {
    this.addSql('CREATE INDEX IF NOT EXISTS idempotency_keys_created_idx ON idempotency_keys (created_at);');
    this.addSql(`
      CREATE UNIQUE INDEX IF NOT EXISTS ledger_transactions_wallet_posting_unique ON ledger_transactions (type, reference)
      WHERE type IN ('deposit', 'withdrawal_hold', 'withdrawal', 'withdrawal_release')
        AND reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';`);
    this.addSql('DROP INDEX IF EXISTS ledger_transactions_type_reference_unique;');
    this.addSql('ALTER TABLE ledger_transactions ALTER COLUMN reference DROP NOT NULL;');
  }
}
