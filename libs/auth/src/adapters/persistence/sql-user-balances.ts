import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { storedCents, type StoredCents } from '@mirrorline/shared';
import { UserBalances } from '../../application/ports/user-balances';

/** Reads the ledger's cached account balances (docs/ledger.md): cash, held withdrawals, and Σ copy equity = tradingBalance. */
@Injectable()
export class SqlUserBalances extends UserBalances {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(userId: string): Promise<{ cash: StoredCents; held: StoredCents; copyEquity: StoredCents }> {
    const [row] = await this.em.getConnection().execute<{ cash: string | null; held: string | null; equity: string | null }[]>(
      `SELECT sum(balance) FILTER (WHERE kind = 'cash') AS cash, sum(balance) FILTER (WHERE kind = 'held') AS held,
              sum(balance) FILTER (WHERE kind = 'copy_equity') AS equity
       FROM ledger_accounts WHERE owner_id = ?`,
      [userId],
    );
    return { cash: storedCents(row?.cash), held: storedCents(row?.held), copyEquity: storedCents(row?.equity) };
  }
}
