import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray } from '@mirrorline/shared';
import { EquityHistory, EXTERNAL_FLOW_TYPES, type EquityDay } from '../../application/ports/equity-history';

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
    const rows = await runSql(
      this.em.getConnection(),
      sql<{ day: string; equity: string; flows: Array<{ before: string; amount: string }> }>`WITH acc AS (
         SELECT id FROM ledger_accounts WHERE owner_id = ${userId} AND kind IN ('cash', 'held', 'copy_equity')
       ), span AS (
         SELECT d::date AS day FROM generate_series((now() AT TIME ZONE 'UTC')::date - (${days}::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
       ), start AS (
         SELECT coalesce(sum(e.amount), 0) AS base FROM ledger_entries e
         WHERE e.account_id IN (SELECT id FROM acc) AND e.created_at < (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'UTC'
       ), postings AS (
         -- the window's postings on the user's accounts, each with the equity after it (a running Σ from the base)
         SELECT p.at, p.first_id, p.amount, t.type = ANY (${sqlArray(EXTERNAL_FLOW_TYPES)}::text[]) AS external,
                (SELECT base FROM start) + sum(p.amount) OVER (ORDER BY p.at, p.first_id) AS after
         FROM (SELECT e.transaction_id, min(e.created_at) AS at, min(e.id) AS first_id, sum(e.amount) AS amount FROM ledger_entries e
               WHERE e.account_id IN (SELECT id FROM acc) AND e.created_at >= (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'UTC'
               GROUP BY e.transaction_id) p
         JOIN ledger_transactions t ON t.id = p.transaction_id
       ), moves AS (
         SELECT (at AT TIME ZONE 'UTC')::date AS day, sum(amount) AS delta,
                jsonb_agg(jsonb_build_object('before', (after - amount)::text, 'amount', amount::text) ORDER BY at, first_id) FILTER (WHERE external) AS flows
         FROM postings GROUP BY 1
       )
       SELECT to_char(s.day, 'YYYY-MM-DD') AS day,
              ((SELECT base FROM start) + coalesce(sum(m.delta) OVER (ORDER BY s.day), 0))::text AS equity,
              coalesce(m.flows, '[]'::jsonb) AS flows
       FROM span s LEFT JOIN moves m ON m.day = s.day
       ORDER BY s.day`,
    );
    return rows.map((r) => ({
      date: r.day,
      equity: BigInt(r.equity),
      flows: (typeof r.flows === 'string' ? (JSON.parse(r.flows) as typeof r.flows) : r.flows).map((f) => ({ before: BigInt(f.before), amount: BigInt(f.amount) })),
    }));
  }
}
