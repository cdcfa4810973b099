import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { storedCents, toCents, type TransactionContext } from '@mirrorline/shared';
import type { Balances } from '../../domain/user-account';
import { AccountBalances } from '../../application/ports/account-balances';
import { executorOf, tableExists } from './sql-executor';

/** One aggregate over ledger_accounts' cached balances for a whole page of users. */
@Injectable()
export class SqlAccountBalances extends AccountBalances {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, Balances>> {
    const result = new Map<string, Balances>();
    if (!userIds.length) return result;
    const rows = await executorOf(this.em, tx).execute<Array<{ owner_id: string; cash: string; held: string; copy_equity: string }>>(
      `SELECT owner_id,
              coalesce(sum(balance) FILTER (WHERE kind = 'cash'), 0) AS cash,
              coalesce(sum(balance) FILTER (WHERE kind = 'held'), 0) AS held,
              coalesce(sum(balance) FILTER (WHERE kind = 'copy_equity'), 0) AS copy_equity
         FROM ledger_accounts WHERE owner_id = ANY(?::uuid[]) GROUP BY owner_id`,
      [`{${userIds.join(',')}}`],
    );
    for (const row of rows) {
      result.set(row.owner_id, { cash: storedCents(row.cash), held: storedCents(row.held), copyEquity: storedCents(row.copy_equity) });
    }
    return result;
  }

  async lockedOf(tx: TransactionContext, userId: string): Promise<Balances> {
    // Locked in id order, as the ledger's posting trigger locks accounts: no deadlock cycle with a posting.
    const rows = await executorOf(this.em, tx).execute<Array<{ kind: string; balance: string }>>(
      'SELECT kind, balance FROM ledger_accounts WHERE owner_id = ? ORDER BY id FOR UPDATE',
      [userId],
    );
    const balances = { cash: 0, held: 0, copyEquity: 0 };
    for (const row of rows) {
      const cents = toCents(row.balance);
      if (row.kind === 'cash') balances.cash += cents;
      else if (row.kind === 'held') balances.held += cents;
      else if (row.kind === 'copy_equity') balances.copyEquity += cents;
    }
    return balances;
  }

  async pendingRequestsOf(tx: TransactionContext, userId: string): Promise<number> {
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'wallet_transactions'))) return 0;
    const [row] = await em.execute<Array<{ n: string }>>(
      "SELECT count(*) AS n FROM wallet_transactions WHERE user_id = ? AND status = 'Pending'",
      [userId],
    );
    return Number(row.n);
  }
}
