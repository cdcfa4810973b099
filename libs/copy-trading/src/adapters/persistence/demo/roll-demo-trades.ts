import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, sqlArray, type Sql } from '@mirrorline/shared';
import { DEMO_EMAIL_DOMAIN, DEMO_TRADERS } from './demo-traders';
import { usersTable } from '@mirrorline/accounts/sql';

/**
 * The seeded demo traders (id, username and the demo email domain all match), locked FOR NO KEY UPDATE: the trader
 * row is the lock that orders a trader's world (docs/copy-trading.md).
 */
export function lockDemoTraders(): Sql<{ id: number }> {
  return sql`SELECT tp.id FROM trader_profiles tp JOIN ${usersTable} u ON u.id = tp.user_id
             JOIN jsonb_to_recordset(${JSON.stringify(DEMO_TRADERS.map((t) => ({ id: t.id, username: t.username })))}::jsonb) AS d(id int, username text)
               ON d.id = tp.id AND d.username = u.username
             WHERE u.email LIKE ${`%@${DEMO_EMAIL_DOMAIN}`} ORDER BY tp.id FOR NO KEY UPDATE OF tp`;
}

/**
 * Keeps the demo traders' public stats alive. They are computed against now() (ten-day PnL chart,
 * ROI over 30 days), but the demo seeder writes the closed trades once, on an empty database: ten days
 * later every chart would be zeros. So at each start, a demo trader whose newest closed trade is older
 * than ~1 day has all of its closed trades (and their copied positions) moved forward by the same
 * interval, putting the newest exactly one day back. Gaps, order, prices and outcomes stay as they were,
 * so accuracy and drawdown do not change.
 *
 * One day back rather than "now": a shifted position never lands in today (UTC), so an old loss cannot
 * count against a follower's daily loss limit. Rolled only past 25 hours, so back-to-back starts
 * (or several instances starting together) do not each move the rows by a few milliseconds.
 *
 * Only the seeded accounts (id, username and the demo email domain all match): a real trader's history
 * is never rewritten. The ledger is not touched (its journal is append-only and keeps the real times).
 */
export async function rollDemoTradesForward(em: EntityManager): Promise<number> {
  return em.transactional(async (tx) => {
    // The trader row is the lock that orders a trader's world (docs/copy-trading.md): a close or a
    // follow of a demo trader waits for the roll, and the roll for them.
    const demo = await runSql(tx, lockDemoTraders());
    if (!demo.length) return 0;
    // One statement: the shifts are computed once from the same snapshot for positions and trades.
    const moved = await runSql(
      tx,
      sql<{ id: string }>`WITH shift AS (
         SELECT trader_id, (now() - interval '1 day') - max(closed_at) AS delta
         FROM trader_trades WHERE trader_id = ANY (${sqlArray(demo.map((row) => Number(row.id)))}::int[]) AND status = 'closed'
         GROUP BY trader_id HAVING max(closed_at) < now() - interval '25 hours'
       ), positions AS (
         UPDATE copy_positions p SET opened_at = p.opened_at + s.delta, settled_at = p.settled_at + s.delta
         FROM trader_trades t JOIN shift s ON s.trader_id = t.trader_id
         WHERE p.trade_id = t.id AND t.status = 'closed'
       )
       UPDATE trader_trades t SET opened_at = t.opened_at + s.delta, closed_at = t.closed_at + s.delta
       FROM shift s WHERE t.trader_id = s.trader_id AND t.status = 'closed'
       RETURNING t.id`,
    );
    return moved.length;
  });
}

/**
 * The start-up task (registered in apps/api STARTUP_TASKS, run after migrations and demo seeding):
 * rolls the demo trades forward when DEMO_DATA is on; does nothing otherwise.
 */
export async function rollDemoTradesOnStart(app: INestApplicationContext, config: { demoData: boolean }): Promise<void> {
  if (!config.demoData) return;
  await rollDemoTradesForward(app.get<MikroORM>(MikroORM).em.fork());
}
