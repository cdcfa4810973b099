import { Migration } from '@mikro-orm/migrations';

/**
 * Deposits by bank transfer (product.md §12.6, docs/wallet.md "Bank transfers"):
 * - deposit_references: each user's one payment reference ("ML-7KQ2-9XF4"), made on the first read of the
 *   instructions; unique, never changed.
 * - bank_transfers: each incoming transfer an admin matched, by the bank's own transaction id (the primary key: the
 *   same transfer is credited once, whoever matches it and however often), with the deposit it became.
 */
export class Migration20261128100000BankTransfers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE deposit_references (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        reference varchar(12) NOT NULL UNIQUE CHECK (reference ~ '^ML-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      );`);
    this.addSql(`
      CREATE TABLE bank_transfers (
        bank_tx_id varchar(100) PRIMARY KEY CHECK (bank_tx_id ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]*$'),
        reference varchar(12) NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id),
        amount bigint NOT NULL CHECK (amount > 0),
        wallet_transaction_id uuid NOT NULL UNIQUE REFERENCES wallet_transactions (id),
        matched_by uuid NOT NULL,
        matched_at timestamptz NOT NULL
      );`);
    this.addSql('CREATE INDEX bank_transfers_user_idx ON bank_transfers (user_id);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS bank_transfers;');
    this.addSql('DROP TABLE IF EXISTS deposit_references;');
  }
}
