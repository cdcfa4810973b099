import { sql, sqlArray, sqlJoin, type Sql } from '@mirrorline/shared';
import type { LedgerPosting, PlatformAccountKind, UserAccountKind } from '../../application/ports/ledger';

/**
 * Every statement of SqlLedger (docs/ledger.md), named: the adapter only runs them, and
 * `test/medium/named-queries.medium-spec.ts` plans each against a freshly migrated database.
 */
export const ledgerQueries = {
  userAccountId(userId: string, kind: UserAccountKind): Sql<{ id: string }> {
    return sql`SELECT id::text AS id FROM ledger_accounts WHERE owner_id = ${userId} AND kind = ${kind} AND copy_id IS NULL`;
  },
  /** A racing creator makes ON CONFLICT wait for it; then nothing is returned and the caller reads its row. */
  createUserAccount(userId: string, kind: UserAccountKind): Sql<{ id: string }> {
    return sql`INSERT INTO ledger_accounts (owner_id, kind) VALUES (${userId}, ${kind})
               ON CONFLICT (owner_id, kind) WHERE owner_id IS NOT NULL AND copy_id IS NULL DO NOTHING RETURNING id::text AS id`;
  },
  userAccountIds(userId: string, kinds: readonly UserAccountKind[]): Sql<{ id: string; kind: UserAccountKind }> {
    return sql`SELECT id::text AS id, kind FROM ledger_accounts
                WHERE owner_id = ${userId} AND copy_id IS NULL AND kind = ANY(${sqlArray(kinds)}::text[])`;
  },
  copyEquityAccount(copyId: string): Sql<{ id: string; owner_id: string }> {
    return sql`SELECT id::text AS id, owner_id FROM ledger_accounts WHERE copy_id = ${copyId} AND kind = 'copy_equity'`;
  },
  createCopyEquityAccount(userId: string, copyId: string): Sql<never> {
    return sql`INSERT INTO ledger_accounts (owner_id, kind, copy_id) VALUES (${userId}, 'copy_equity', ${copyId})
               ON CONFLICT (copy_id) WHERE copy_id IS NOT NULL DO NOTHING`;
  },
  platformAccountId(kind: PlatformAccountKind): Sql<{ id: string }> {
    return sql`SELECT id::text AS id FROM ledger_accounts WHERE kind = ${kind} AND owner_id IS NULL`;
  },
  /**
   * One INSERT statement (CTE), so that the statement trigger sees every entry of the transaction at once,
   * checks the zero sum, locks the accounts in id order and moves the cached balances.
   */
  post(posting: LedgerPosting): Sql<{ id: string }> {
    const entries = sqlJoin(posting.entries.map((e) => sql`(${e.accountId}::bigint, ${e.amount}::bigint)`));
    return sql`WITH tx AS (INSERT INTO ledger_transactions (type, reference, description)
                           VALUES (${posting.type}, ${posting.reference ?? null}, ${posting.description ?? null}) RETURNING id),
                    ins AS (INSERT INTO ledger_entries (transaction_id, account_id, amount)
                            SELECT tx.id, e.account_id, e.amount FROM tx, (VALUES ${entries}) AS e(account_id, amount))
               SELECT id::text AS id FROM tx`;
  },
  lockBalances(accountIds: readonly string[]): Sql<{ id: string; balance: string }> {
    return sql`SELECT id::text AS id, balance::text AS balance FROM ledger_accounts
                WHERE id = ANY(${sqlArray(accountIds)}::bigint[]) ORDER BY id FOR NO KEY UPDATE`;
  },
  balancesByKind(userId: string): Sql<{ kind: string; total: string }> {
    return sql`SELECT kind, coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE owner_id = ${userId} GROUP BY kind`;
  },
};
