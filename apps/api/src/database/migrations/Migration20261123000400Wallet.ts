import { Migration } from '@mikro-orm/migrations';

/**
 * Wallet (docs/wallet.md): deposit and withdrawal requests awaiting an admin decision, and the
 * idempotency keys of money-moving POSTs. Money itself lives in the ledger (Migration…0200Ledger).
 */
export class Migration20261123000400Wallet extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE wallet_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        type varchar(16) NOT NULL,
        amount bigint NOT NULL,
        destination varchar(200) NULL,
        status varchar(16) NOT NULL DEFAULT 'Pending',
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz NULL,
        decided_by uuid NULL REFERENCES users (id),
        note text NULL,
        CONSTRAINT wallet_transactions_type_check CHECK (type IN ('deposit', 'withdrawal')),
        CONSTRAINT wallet_transactions_amount_check CHECK (amount > 0),
        CONSTRAINT wallet_transactions_status_check CHECK (status IN ('Pending', 'Approved', 'Rejected')),
        CONSTRAINT wallet_transactions_destination_check CHECK ((type = 'withdrawal') = (destination IS NOT NULL)),
        CONSTRAINT wallet_transactions_decision_check CHECK ((status = 'Pending') = (decided_at IS NULL))
      );`);
    this.addSql('CREATE INDEX wallet_transactions_user_idx ON wallet_transactions (user_id, created_at DESC, id);');
    this.addSql('CREATE INDEX wallet_transactions_status_idx ON wallet_transactions (status, created_at DESC, id);');
    this.addSql('CREATE INDEX wallet_transactions_created_idx ON wallet_transactions (created_at DESC, id);');
    // A decision is final: only a Pending row may change, and only its status and decision fields.
    this.addSql(`
      CREATE OR REPLACE FUNCTION wallet_transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'wallet transactions cannot be deleted' USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF OLD.status <> 'Pending' THEN
          RAISE EXCEPTION 'wallet transaction % is already %', OLD.id, OLD.status USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF NEW.user_id <> OLD.user_id OR NEW.type <> OLD.type OR NEW.amount <> OLD.amount
           OR NEW.destination IS DISTINCT FROM OLD.destination OR NEW.created_at <> OLD.created_at THEN
          RAISE EXCEPTION 'only the decision of a wallet transaction may change' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END $$;`);
    this.addSql(`
      CREATE TRIGGER wallet_transactions_guard BEFORE UPDATE OR DELETE ON wallet_transactions
      FOR EACH ROW EXECUTE FUNCTION wallet_transactions_guard();`);

    this.addSql(`
      CREATE TABLE idempotency_keys (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        fingerprint char(64) NOT NULL,
        status_code int NULL,
        response jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz NULL,
        CONSTRAINT idempotency_keys_user_key_unique UNIQUE (user_id, key)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS idempotency_keys;');
    this.addSql('DROP TABLE IF EXISTS wallet_transactions;');
    this.addSql('DROP FUNCTION IF EXISTS wallet_transactions_guard();');
  }
}
