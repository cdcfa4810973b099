import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { runSql, type SqlExecutor } from '@mirrorline/shared';
import { tradingSeedQueries } from '@mirrorline/copy-trading/sql';
import { demoQueries } from './demo.queries';
import { DEMO_EMAIL_DOMAIN, DEMO_TRADERS } from './demo-traders';

/**
 * The seeded demo traders (id, username and the demo email domain all match), locked FOR NO KEY UPDATE: the trader
 * row is the lock that orders a trader's world (docs/copy-trading.md). Their users are read through accounts'
 * published `usersTable`, their profiles locked through copy trading's statement.
 */
export async function lockDemoTraders(tx: SqlExecutor): Promise<Array<{ id: number }>> {
  const users = await runSql(
    tx,
    demoQueries.usersByUsername(
      DEMO_TRADERS.map((t) => t.username),
      DEMO_EMAIL_DOMAIN,
    ),
  );
  const profiles = DEMO_TRADERS.flatMap((t) => users.filter((u) => u.username === t.username).map((u) => ({ id: t.id, userId: u.id })));
  if (!profiles.length) return [];
  return runSql(tx, tradingSeedQueries.lockTraderProfiles(profiles));
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
    const demo = await lockDemoTraders(tx);
    if (!demo.length) return 0;
    const moved = await runSql(tx, tradingSeedQueries.shiftClosedTradesToYesterday(demo.map((row) => Number(row.id))));
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
