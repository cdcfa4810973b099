import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@mirrorline/shared';
import { EquityHistory, type EquityDay } from '../../application/ports/equity-history';
import { equityHistoryQueries } from './equity-history.queries';

/**
 * Balances of the user's own accounts (cash, held, copy_equity) at the end of each day: the Σ of their ledger
 * entries up to then (one statement; the (account_id, id) index serves the user's accounts). Cached balances are
 * Σ entries (the ledger check), so the last point equals GET wallet's settled total.
 */
@Injectable()
export class SqlEquityHistory extends EquityHistory {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async daily(userId: string, days: number): Promise<EquityDay[]> {
    const rows = await runSql(this.em.getConnection(), equityHistoryQueries.daily(userId, days));
    return rows.map((r) => ({
      date: r.day,
      equity: BigInt(r.equity),
      flows: (typeof r.flows === 'string' ? (JSON.parse(r.flows) as typeof r.flows) : r.flows).map((f) => ({ before: BigInt(f.before), amount: BigInt(f.amount) })),
    }));
  }
}
