import { Migration } from '@mikro-orm/migrations';

/**
 * Wallet guards (docs/wallet.md, docs/ledger.md):
 *
 * - A wallet transaction is posted at most once per posting type: `deposit` (approve), `withdrawal_hold`
 *   (request), `withdrawal` (approve) and `withdrawal_release` (reject) each reference the wallet
 *   transaction's id, so (type, reference) is unique for them. The row lock of the decision already
 *   ensures it; this index makes PostgreSQL refuse a double posting whatever code runs. Only
 *   uuid-shaped references are covered: those are the wallet's own, while test fixtures post
 *   `deposit` with a shared placeholder reference. Copy trading's postings (trade_settlement, copy_*)
 *   legitimately repeat a reference and are not included. Creating the index fails loudly if a
 *   double posting already exists.
 * - idempotency_keys(created_at): the stale-claim takeover and the TTL purge read by age.
 */
export class Migration20261123000700WalletGuards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE UNIQUE INDEX ledger_transactions_wallet_posting_unique ON ledger_transactions (type, reference)
      WHERE type IN ('deposit', 'withdrawal_hold', 'withdrawal', 'withdrawal_release')
        AND reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';`);
    this.addSql('CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX IF EXISTS idempotency_keys_created_idx;');
    this.addSql('DROP INDEX IF EXISTS ledger_transactions_wallet_posting_unique;');
  }
}
