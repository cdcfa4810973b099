import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { toCents, type Cents } from '@mirrorline/shared';
import { UserBalances } from '../../application/ports/user-balances';

/** Reads the ledger's cached account balances (docs/ledger.md): cash, and Σ copy equity = tradingBalance. */
@Injectable()
export class SqlUserBalances extends UserBalances {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(userId: string): Promise<{ cash: Cents; copyEquity: Cents }> {
    const [row] = await this.em.getConnection().execute<{ cash: string | null; equity: string | null }[]>(
      `SELECT sum(balance) FILTER (WHERE kind = 'cash') AS cash, sum(balance) FILTER (WHERE kind = 'copy_equity') AS equity
       FROM ledger_accounts WHERE owner_id = ?`,
      [userId],
    );
    return { cash: toCents(row?.cash), copyEquity: toCents(row?.equity) };
  }
}
