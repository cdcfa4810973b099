import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, storedCents, toCents, type TransactionContext } from '@mirrorline/shared';
import { walletQueries } from '@mirrorline/wallet/sql';
import type { Balances } from '@mirrorline/accounts';
import { AccountBalances } from '../../application/ports/account-balances';
import { executorOf } from '@mirrorline/shared/nest';

/** The wallet's balances for a page of users (one aggregate), through the wallet's exported queries. */
@Injectable()
export class SqlAccountBalances extends AccountBalances {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, Balances>> {
    const result = new Map<string, Balances>();
    if (!userIds.length) return result;
    const rows = await runSql(executorOf(this.em, tx), walletQueries.balancesOfOwners(userIds));
    for (const row of rows) {
      result.set(row.owner_id, { cash: storedCents(row.cash), held: storedCents(row.held), copyEquity: storedCents(row.copy_equity) });
    }
    return result;
  }

  async lockedOf(tx: TransactionContext, userId: string): Promise<Balances> {
    const rows = await runSql(executorOf(this.em, tx), walletQueries.lockAccountsOf(userId));
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
    const [row] = await runSql(executorOf(this.em, tx), walletQueries.pendingRequestCount(userId));
    return Number(row.n);
  }
}
