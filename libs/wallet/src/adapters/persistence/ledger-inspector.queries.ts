import { likeContains, sql, type Sql } from '@mirrorline/shared';
import { usersTable } from '@mirrorline/accounts/sql';

const walletSearch = (search: string | undefined): Sql<unknown> =>
  search ? sql`AND (u.email ILIKE ${likeContains(search)} OR u.username ILIKE ${likeContains(search)})` : sql``;

/**
 * Every statement of SqlLedgerInspector (the statement, the admin's wallets overview, the ledger check), named:
 * the adapter only runs them, and `test/medium/named-queries.medium-spec.ts` plans each against a freshly migrated database.
 */
export const ledgerInspectorQueries = {
  statementPage(
    userId: string,
    limit: number,
    offset: number,
  ): Sql<{ id: string; time: Date; type: string; reference: string | null; kind: string; copy_id: string | null; amount: string; total: string }> {
    return sql`SELECT e.id::text, t.created_at AS time, t.type, t.reference, a.kind, a.copy_id::text, e.amount::text, count(*) OVER ()::text AS total
                 FROM ledger_accounts a
                 JOIN ledger_entries e ON e.account_id = a.id
                 JOIN ledger_transactions t ON t.id = e.transaction_id
                WHERE a.owner_id = ${userId}
                ORDER BY e.id DESC
                LIMIT ${limit} OFFSET ${offset}`;
  },
  statementCount(userId: string): Sql<{ n: string }> {
    return sql`SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id = ${userId}`;
  },
  walletsPage(
    search: string | undefined,
    limit: number,
    offset: number,
  ): Sql<{ id: string; username: string; email: string; cash: string; held: string; equity: string }> {
    return sql`SELECT u.id, u.username, u.email,
                      coalesce(sum(a.balance) FILTER (WHERE a.kind = 'cash'), 0)::text AS cash,
                      coalesce(sum(a.balance) FILTER (WHERE a.kind = 'held'), 0)::text AS held,
                      coalesce(sum(a.balance) FILTER (WHERE a.kind = 'copy_equity'), 0)::text AS equity
                 FROM ${usersTable} u LEFT JOIN ledger_accounts a ON a.owner_id = u.id
                WHERE u.deleted_at IS NULL ${walletSearch(search)}
                GROUP BY u.id, u.username, u.email, u.created_at ORDER BY u.created_at, u.id LIMIT ${limit} OFFSET ${offset}`;
  },
  walletsCount(search: string | undefined): Sql<{ total: string }> {
    return sql`SELECT count(*)::text AS total FROM ${usersTable} u WHERE u.deleted_at IS NULL ${walletSearch(search)}`;
  },
  totalsByKind(): Sql<{ kind: string; total: string }> {
    return sql`SELECT kind, sum(balance)::text AS total FROM ledger_accounts GROUP BY kind`;
  },
  entriesSum(): Sql<{ total: string }> {
    return sql`SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries`;
  },
  unbalancedTransactions(): Sql<{ unbalanced: string }> {
    return sql`SELECT count(*)::text AS unbalanced FROM
                 (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) t`;
  },
  balanceMismatches(): Sql<{ id: string; kind: string; owner_id: string | null; balance: string; entries: string }> {
    return sql`SELECT a.id::text AS id, a.kind, a.owner_id, a.balance::text AS balance, coalesce(s.total, 0)::text AS entries
                 FROM ledger_accounts a
                 LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
                WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT 100`;
  },
  /**
   * Exactly once (product.md §11.2): every ledger transaction has a business reference, unique per type. The
   * unique index refuses a second one; this reads the data itself, so a dropped index or a hand-made posting shows.
   */
  duplicateReferences(): Sql<{ duplicates: string }> {
    return sql`SELECT (SELECT count(*) FROM (SELECT 1 FROM ledger_transactions GROUP BY type, reference HAVING count(*) > 1) d)
                    + (SELECT count(*) FROM ledger_transactions WHERE reference IS NULL) AS duplicates`;
  },
};
