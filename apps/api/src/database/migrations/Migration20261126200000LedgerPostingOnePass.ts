import { Migration } from '@mikro-orm/migrations';
import { LEDGER_ENTRY_CHECKS, LEDGER_POST_ENTRIES_FUNCTION } from './Migration20261123000200Ledger';

/**
 * The posting trigger (ledger_post_entries, Migration20261123000200Ledger) moves the cached balances in ONE pass
 * instead of two, and the entries' transaction index becomes a BRIN index (bench:fanout's close, docs/ledger.md):
 *
 * - Before, the trigger locked every touched account in id order (SELECT … ORDER BY id FOR NO KEY UPDATE) and then
 *   found each row again to update it: a 100,000-copy settlement visited 100,000 accounts twice and wrote a lock
 *   record for each before its new version. Now one UPDATE locks and moves each account as it reaches it, and it
 *   reaches them in id order: the deltas are sorted by account id and materialised, and the trigger lets the planner
 *   use nothing but a nested loop with index scans for that statement, so the plan is either the sorted deltas
 *   probing the primary key, or (a tiny table) the primary key's full index scan probing the deltas — id order
 *   both ways. The planner settings are set for the statement only (set_config(…, true), then put back), so the
 *   caller's own settings are untouched. Lock order is what it was: no two postings wait on each other in a cycle.
 *   The count of distinct accounts comes from the same materialised deltas (no second sort). When the entries come in
 *   strictly increasing account order — a settlement's do: ledgerSetPostings sorts the entries by account, and a
 *   settlement has one per account — they are the deltas already, and the trigger skips the aggregation and its sort.
 * - ledger_entries (transaction_id): entries are only ever read by transaction in the back-office's filter and in
 *   the ledger check's GROUP BY (a full scan either way). A transaction's entries are one INSERT, so they sit side
 *   by side in the heap: a BRIN index finds them in a few pages, and costs an insert next to nothing, where the
 *   B-tree cost every entry one more index tuple.
 */
export class Migration20261126200000LedgerPostingOnePass extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE OR REPLACE FUNCTION ledger_post_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        unbalanced bigint;
        missing bigint;
        accounts bigint;
        moved bigint;
        increasing boolean;
        hashjoin text := current_setting('enable_hashjoin');
        mergejoin text := current_setting('enable_mergejoin');
        seqscan text := current_setting('enable_seqscan');
        nestloop text := current_setting('enable_nestloop');
        indexscan text := current_setting('enable_indexscan');
      BEGIN
${LEDGER_ENTRY_CHECKS}
        -- Entries in strictly increasing account order (a settlement's: ledgerSetPostings sorts them, one per copy
        -- account) are already the deltas in id order: the aggregation and its sort are skipped.
        SELECT coalesce(bool_and(account_id > previous), true) INTO increasing
          FROM (SELECT account_id, lag(account_id) OVER () AS previous FROM new_entries) e;
        -- One pass locks and moves every touched account, in id order (no two postings can wait on each other in a
        -- cycle): only nested loops over index scans are allowed for this statement, so the accounts are reached in
        -- the order of the deltas (or of the primary key).
        PERFORM set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
                set_config('enable_seqscan', 'off', true), set_config('enable_nestloop', 'on', true),
                set_config('enable_indexscan', 'on', true);
        IF increasing THEN
          WITH u AS (
            UPDATE ledger_accounts a SET balance = a.balance + e.amount FROM new_entries e WHERE a.id = e.account_id RETURNING 1
          )
          SELECT (SELECT count(*) FROM new_entries), (SELECT count(*) FROM u) INTO accounts, moved;
        ELSE
          WITH d AS MATERIALIZED (
            SELECT account_id, sum(amount) AS delta FROM new_entries GROUP BY account_id ORDER BY account_id
          ), u AS (
            UPDATE ledger_accounts a SET balance = a.balance + d.delta FROM d WHERE a.id = d.account_id RETURNING 1
          )
          SELECT (SELECT count(*) FROM d), (SELECT count(*) FROM u) INTO accounts, moved;
        END IF;
        PERFORM set_config('enable_hashjoin', hashjoin, true), set_config('enable_mergejoin', mergejoin, true),
                set_config('enable_seqscan', seqscan, true), set_config('enable_nestloop', nestloop, true),
                set_config('enable_indexscan', indexscan, true);
        IF moved <> accounts THEN
          RAISE EXCEPTION 'ledger entries refer to an account that does not exist' USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NULL;
      END $$;`);
    this.addSql('DROP INDEX IF EXISTS ledger_entries_transaction_idx;');
    this.addSql('CREATE INDEX ledger_entries_transaction_idx ON ledger_entries USING brin (transaction_id) WITH (pages_per_range = 8);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX IF EXISTS ledger_entries_transaction_idx;');
    this.addSql('CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);');
    this.addSql(LEDGER_POST_ENTRIES_FUNCTION);
  }
}
