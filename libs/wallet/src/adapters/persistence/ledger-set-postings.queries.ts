import { Sql, sql } from '@mirrorline/shared';
import type { PlatformAccountKind } from '../../application/ports/ledger';

/**
 * Set-based postings (docs/ledger.md, "Set-based postings"): one balanced ledger transaction over many
 * accounts, as SQL that another context's set-based statement composes. The wallet owns how entries are
 * written and checked; the caller gives a relation of (account_id, amount) rows, usually built from its
 * own CTEs, and the wallet writes one `ledger_transactions` row and its `ledger_entries` as two
 * data-modifying CTEs of the caller's one statement.
 *
 * Checks, all inside the caller's statement:
 * - zero amounts are dropped (the entries' CHECK refuses them);
 * - the entries go in account id order, the order in which the posting trigger (`ledger_post_entries`)
 *   locks accounts, so a set-based posting and `Ledger.post` cannot wait on each other in a cycle;
 * - the trigger refuses entries that do not sum to zero ('ledger transaction … does not balance') or name
 *   a missing account, and `ledger_accounts_non_negative` refuses a user balance below zero: the
 *   statement, and with it the caller's transaction, fails.
 *
 *   const settle = ledgerSetPostings.ctes('settle', {
 *     type: 'trade_settlement', reference: `trade:${tradeId}`, description: 'Trade closed',
 *     when: sql`EXISTS (SELECT 1 FROM f WHERE f.pnl <> 0)`,
 *     entries: sql`SELECT f.account_id, f.pnl FROM f
 *                  UNION ALL SELECT ${ledgerSetPostings.platformAccount('platform_market')}, -sum(f.pnl) FROM f`,
 *   });
 *   await runSql(em, sql`WITH f AS (…), ${settle} SELECT (SELECT id FROM settle_tx) AS transaction_id`);
 */
export interface SetPosting {
  type: string;
  /**
   * The business reference, unique per type (exactly once, docs/ledger.md): a value, or an SQL expression of the
   * caller's statement (e.g. the id of the record the same statement inserts).
   */
  reference: string | Sql<unknown>;
  description?: string | null;
  /** a SELECT whose first two columns are the account id (bigint) and the amount (signed cents, bigint) */
  entries: Sql<unknown>;
  /** post only when this holds (default: always); with it false nothing is written */
  when?: Sql<unknown>;
}

const NAME = /^[a-z_][a-z0-9_]{0,40}$/;

export const ledgerSetPostings = {
  /**
   * Two CTEs for the caller's WITH list: `<name>_tx` (the transaction; RETURNING id) and `<name>` (its
   * entries; RETURNING transaction_id, account_id, amount). The final SELECT may read either.
   * With `when` true and every amount zero, a transaction without entries is written: pass a `when`.
   */
  ctes(name: string, posting: SetPosting): Sql<never> {
    if (!NAME.test(name)) throw new Error(`ledgerSetPostings: "${name}" is not a plain SQL name`);
    const tx = new Sql<never>(`${name}_tx`, []);
    return sql`${tx} AS (
        INSERT INTO ledger_transactions (type, reference, description)
        SELECT ${posting.type}, ${posting.reference}, ${posting.description ?? null} WHERE ${posting.when ?? sql`true`}
        RETURNING id
      ), ${new Sql<never>(name, [])} AS (
        INSERT INTO ledger_entries (transaction_id, account_id, amount)
        SELECT t.id, e.account_id, e.amount
          FROM ${tx} t, (${posting.entries}) AS e(account_id, amount)
         WHERE e.amount <> 0
         ORDER BY e.account_id
        RETURNING transaction_id, account_id, amount
      )`;
  },

  /** A whole statement posting one transaction; returns its id (no row when `when` was false). */
  statement(posting: SetPosting): Sql<{ id: string }> {
    return sql`WITH ${ledgerSetPostings.ctes('posting', posting)} SELECT id::text AS id FROM posting_tx`;
  },

  /** Scalar sub-select: the id of a platform account (the migrations create them). */
  platformAccount(kind: PlatformAccountKind): Sql<never> {
    return sql`(SELECT id FROM ledger_accounts WHERE kind = ${kind} AND owner_id IS NULL)`;
  },

  /** Relation (id, owner_id, balance): users' cash accounts. */
  cashAccounts(): Sql<never> {
    return sql`(SELECT id, owner_id, balance FROM ledger_accounts WHERE kind = 'cash' AND copy_id IS NULL AND owner_id IS NOT NULL)`;
  },

  /** Statement: creates the missing cash accounts of the users a SELECT of one uuid column names. */
  ensureCashAccounts(owners: Sql<unknown>): Sql<never> {
    return sql`INSERT INTO ledger_accounts (owner_id, kind)
               SELECT DISTINCT o.owner_id, 'cash' FROM (${owners}) AS o(owner_id)
               ON CONFLICT (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL DO NOTHING`;
  },
};
