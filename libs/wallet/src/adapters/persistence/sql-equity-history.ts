import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EquityHistory, type EquityDay } from '../../application/ports/equity-history';

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
    const rows = await this.em.getConnection().execute<Array<{ day: string; equity: string }>>(
      `WITH acc AS (
         SELECT id FROM ledger_accounts WHERE owner_id = ? AND kind IN ('cash', 'held', 'copy_equity')
       ), span AS (
         SELECT d::date AS day FROM generate_series((now() AT TIME ZONE 'UTC')::date - (?::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
       ), start AS (
         SELECT coalesce(sum(e.amount), 0) AS base FROM ledger_entries e
         WHERE e.account_id IN (SELECT id FROM acc) AND e.created_at < (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'UTC'
       ), moves AS (
         SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day, sum(e.amount) AS delta FROM ledger_entries e
         WHERE e.account_id IN (SELECT id FROM acc) AND e.created_at >= (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'UTC'
         GROUP BY 1
       )
       SELECT to_char(s.day, 'YYYY-MM-DD') AS day,
              ((SELECT base FROM start) + coalesce(sum(m.delta) OVER (ORDER BY s.day), 0))::text AS equity
       FROM span s LEFT JOIN moves m ON m.day = s.day
       ORDER BY s.day`,
      [userId, days],
    );
    return rows.map((r) => ({ date: r.day, equity: BigInt(r.equity) }));
  }
}
