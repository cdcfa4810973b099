import { sql, sqlArray, type Sql } from '@mirrorline/shared';
import { EXTERNAL_FLOW_TYPES } from '../../application/ports/equity-history';

/** One day of the equity curve: the date, the equity at its end (text cents) and its external flows (jsonb). */
export type EquityDayRow = { day: string; equity: string; flows: Array<{ before: string; amount: string }> };

/** The statement of the equity curve (SqlEquityHistory runs it). */
export const equityHistoryQueries = {
  /**
   * The user's own accounts (cash, held, copy_equity) at the end of each of the last `days` UTC days: Σ of their
   * ledger entries up to then, with each day's deposits and withdrawals and the equity before each.
   */
  daily(userId: string, days: number): Sql<EquityDayRow> {
    return sql<EquityDayRow>`WITH acc AS (
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
       ORDER BY s.day`;
  },
};
