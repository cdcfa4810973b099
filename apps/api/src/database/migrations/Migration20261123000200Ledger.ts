import { Migration } from '@mikro-orm/migrations';

/**
 * The posting trigger's checks of a statement's new entries, in the PL/pgSQL of a function that declares
 * `unbalanced` and `missing` (bigint): every ledger transaction sums to zero, and every one exists. Both versions
 * of the trigger's function run them (this one and Migration20261126200000LedgerPostingOnePass's).
 */
export const LEDGER_ENTRY_CHECKS = `        SELECT transaction_id INTO unbalanced FROM new_entries
          GROUP BY transaction_id HAVING sum(amount) <> 0 LIMIT 1;
        IF unbalanced IS NOT NULL THEN
          RAISE EXCEPTION 'ledger transaction % does not balance', unbalanced USING ERRCODE = 'raise_exception';
        END IF;
        SELECT e.transaction_id INTO missing FROM (SELECT DISTINCT transaction_id FROM new_entries) e
          WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = e.transaction_id) LIMIT 1;
        IF missing IS NOT NULL THEN
          RAISE EXCEPTION 'ledger transaction % does not exist', missing USING ERRCODE = 'foreign_key_violation';
        END IF;`;

/**
 * The posting trigger's function as this migration creates it (a lock pass in id order, then the update);
 * Migration20261126200000LedgerPostingOnePass replaces it and puts this one back on the way down.
 */
export const LEDGER_POST_ENTRIES_FUNCTION = `
      CREATE OR REPLACE FUNCTION ledger_post_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        unbalanced bigint;
        missing bigint;
      BEGIN
${LEDGER_ENTRY_CHECKS}
        -- Lock every touched account in id order first: no two postings can wait on each other in a cycle.
        PERFORM 1 FROM ledger_accounts
          WHERE id IN (SELECT DISTINCT account_id FROM new_entries) ORDER BY id FOR NO KEY UPDATE;
        UPDATE ledger_accounts a SET balance = a.balance + d.delta
          FROM (SELECT account_id, sum(amount) AS delta FROM new_entries GROUP BY account_id) d
          WHERE a.id = d.account_id;
        GET DIAGNOSTICS missing = ROW_COUNT;
        IF missing <> (SELECT count(DISTINCT account_id) FROM new_entries) THEN
          RAISE EXCEPTION 'ledger entries refer to an account that does not exist' USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NULL;
      END $$;`;

/**
 * The double-entry ledger (product.md §4). Design, in short (details in docs/ledger.md):
 * - ledger_accounts: per user `cash`, `held` (withdrawals awaiting approval), one `copy_equity` per copy;
 *   platform accounts have no owner. `balance` is a cache of Σ entries, maintained by the trigger
 *   below only; user balances can never go negative (CHECK → SQLSTATE 23514, constraint
 *   ledger_accounts_non_negative: the adapters turn it into INSUFFICIENT_FUNDS).
 * - ledger_transactions + ledger_entries: append-only journal (UPDATE/DELETE refused). All the entries
 *   of one ledger transaction are inserted by ONE statement, whose entries must sum to zero per
 *   transaction: checked set-based per statement, so a 100,000-row settlement costs one aggregate.
 * - Account rows are locked in id order before the cached balances move, so concurrent postings
 *   cannot deadlock on each other.
 */
export class Migration20261123000200Ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE ledger_accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id uuid NULL REFERENCES users (id),
        copy_id uuid NULL,
        kind varchar(32) NOT NULL,
        balance bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
          'cash', 'held', 'copy_equity',
          'platform_deposits', 'platform_withdrawals', 'platform_market', 'platform_adjustments')),
        CONSTRAINT ledger_accounts_owner_check CHECK ((kind LIKE 'platform\\_%') = (owner_id IS NULL)),
        CONSTRAINT ledger_accounts_copy_check CHECK ((kind = 'copy_equity') = (copy_id IS NOT NULL)),
        CONSTRAINT ledger_accounts_non_negative CHECK (owner_id IS NULL OR balance >= 0)
      ) WITH (fillfactor = 70);`);
    // Balances change on every posting and are not indexed: free space per page keeps those updates
    // HOT (no index writes), which matters when a settlement moves 100,000 copy-equity balances at once.
    this.addSql(`CREATE UNIQUE INDEX ledger_accounts_user_kind_unique ON ledger_accounts (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX ledger_accounts_platform_kind_unique ON ledger_accounts (kind) WHERE owner_id IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX ledger_accounts_copy_unique ON ledger_accounts (copy_id) WHERE copy_id IS NOT NULL;`);
    this.addSql(`
      INSERT INTO ledger_accounts (kind) VALUES
        ('platform_deposits'), ('platform_withdrawals'), ('platform_market'), ('platform_adjustments');`);

    this.addSql(`
      CREATE TABLE ledger_transactions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        type varchar(32) NOT NULL,
        reference varchar(128) NULL,
        description text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`);
    this.addSql(`CREATE INDEX ledger_transactions_reference_idx ON ledger_transactions (reference);`);
    this.addSql(`
      CREATE TABLE ledger_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- Referential integrity is checked set-based by the posting trigger below, not by per-row
        -- foreign keys: a 100,000-position settlement would otherwise queue 200,000 RI trigger events.
        -- Referenced rows can never disappear (transactions are append-only, accounts undeletable).
        transaction_id bigint NOT NULL,
        account_id bigint NOT NULL,
        amount bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_entries_amount_nonzero CHECK (amount <> 0)
      );`);
    this.addSql(`CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);`);
    this.addSql(`CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);`);

    for (const table of ['ledger_transactions', 'ledger_entries']) {
      this.addSql(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_modification();`);
    }

    this.addSql(LEDGER_POST_ENTRIES_FUNCTION);
    this.addSql(`
      CREATE TRIGGER ledger_entries_post AFTER INSERT ON ledger_entries
      REFERENCING NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_post_entries();`);
    // Cached balances move only through the trigger above. The guard runs for statements issued by
    // clients (trigger depth 0) only: the posting trigger's own set-based UPDATE skips it (a per-row
    // PL/pgSQL call on 100,000 accounts would dominate a settlement).
    this.addSql(`
      CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'ledger accounts cannot be deleted' USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF NEW.owner_id IS DISTINCT FROM OLD.owner_id OR NEW.kind <> OLD.kind OR NEW.copy_id IS DISTINCT FROM OLD.copy_id THEN
          RAISE EXCEPTION 'ledger accounts cannot change owner or kind' USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF NEW.balance <> OLD.balance THEN
          RAISE EXCEPTION 'ledger balances move only through ledger entries' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END $$;`);
    this.addSql(`
      CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
      FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION ledger_accounts_guard();`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS ledger_entries;');
    this.addSql('DROP TABLE IF EXISTS ledger_transactions;');
    this.addSql('DROP TABLE IF EXISTS ledger_accounts;');
    this.addSql('DROP FUNCTION IF EXISTS ledger_post_entries();');
    this.addSql('DROP FUNCTION IF EXISTS ledger_accounts_guard();');
  }
}
