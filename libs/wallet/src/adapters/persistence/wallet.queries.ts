import { sql, sqlArray, type Sql } from '@mirrorline/shared';

/**
 * The wallet's exported queries (docs/architecture.md, "Table ownership"): the wallet owns
 * `ledger_accounts` and `wallet_transactions`; another context that needs their rows in its own SQL
 * composes these fragments (`sql\`… ${walletQueries.copyEquity()} …\``) and never names the tables.
 * The wallet decides which columns are visible and keeps them right when its schema changes.
 */
export const walletQueries = {
  /** Relation (id, copy_id, owner_id, balance): the equity account of each copy (id is the account id). */
  copyEquity(): Sql<never> {
    return sql`(SELECT id, copy_id, owner_id, balance FROM ledger_accounts WHERE copy_id IS NOT NULL)`;
  },

  /** Relation of one row (cash, held, copy_equity): a user's balances from the accounts' cached balances. */
  balancesOfOwner(userId: string): Sql<never> {
    return sql`(SELECT coalesce(sum(balance) FILTER (WHERE kind = 'cash'), 0) AS cash,
                       coalesce(sum(balance) FILTER (WHERE kind = 'held'), 0) AS held,
                       coalesce(sum(balance) FILTER (WHERE kind = 'copy_equity'), 0) AS copy_equity
                  FROM ledger_accounts WHERE owner_id = ${userId})`;
  },

  /** Statement: the balances of a page of users, one row per user that has accounts. */
  balancesOfOwners(userIds: readonly string[]): Sql<{ owner_id: string; cash: string; held: string; copy_equity: string }> {
    return sql`SELECT owner_id,
                      coalesce(sum(balance) FILTER (WHERE kind = 'cash'), 0) AS cash,
                      coalesce(sum(balance) FILTER (WHERE kind = 'held'), 0) AS held,
                      coalesce(sum(balance) FILTER (WHERE kind = 'copy_equity'), 0) AS copy_equity
                 FROM ledger_accounts WHERE owner_id = ANY(${sqlArray(userIds)}::uuid[]) GROUP BY owner_id`;
  },

  /**
   * Statement: a user's accounts locked FOR UPDATE, in id order as the ledger's posting trigger locks
   * accounts (no deadlock cycle with a posting).
   */
  lockAccountsOf(userId: string): Sql<{ kind: string; balance: string }> {
    return sql`SELECT kind, balance FROM ledger_accounts WHERE owner_id = ${userId} ORDER BY id FOR UPDATE`;
  },

  /** Statement: the platform's money held by users (cash, equity, held). */
  userMoneyTotals(): Sql<{ cash: string; equity: string; held: string }> {
    return sql`SELECT coalesce(sum(balance) FILTER (WHERE kind = 'cash'), 0) AS cash,
                      coalesce(sum(balance) FILTER (WHERE kind = 'copy_equity'), 0) AS equity,
                      coalesce(sum(balance) FILTER (WHERE kind = 'held'), 0) AS held
                 FROM ledger_accounts WHERE owner_id IS NOT NULL`;
  },

  /** Relation (reference): the references of the ledger postings of one type (a posting's (type, reference) is unique). */
  postingReferences(type: string): Sql<never> {
    return sql`(SELECT reference FROM ledger_transactions WHERE type = ${type})`;
  },

  /** Statement: the user's wallet requests still waiting for an admin. */
  pendingRequestCount(userId: string): Sql<{ n: string }> {
    return sql`SELECT count(*) AS n FROM wallet_transactions WHERE user_id = ${userId} AND status = 'Pending'`;
  },

  /** Statement: pending deposits and withdrawals, counted and summed. */
  pendingRequestTotals(): Sql<{ deposits: string; withdrawals: string; deposits_amount: string; withdrawals_amount: string }> {
    return sql`SELECT count(*) FILTER (WHERE type = 'deposit') AS deposits,
                      count(*) FILTER (WHERE type = 'withdrawal') AS withdrawals,
                      coalesce(sum(amount) FILTER (WHERE type = 'deposit'), 0) AS deposits_amount,
                      coalesce(sum(amount) FILTER (WHERE type = 'withdrawal'), 0) AS withdrawals_amount
                 FROM wallet_transactions WHERE status = 'Pending'`;
  },
};
