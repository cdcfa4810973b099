import type { INestApplicationContext } from '@nestjs/common';
import { DomainError, runSql, UnitOfWork } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { DEMO_DEPOSIT, Ledger } from '@mirrorline/wallet';
import { FollowTraderUseCase } from '@mirrorline/copy-trading';
import { tradingSeedQueries } from '@mirrorline/copy-trading/sql';
import { DEMO_COPIERS, DEMO_COPIER_EMAIL_DOMAIN } from './demo-copiers';
import { demoQueries } from './demo.queries';

export interface DemoCopiesResult {
  /** demo deposits posted by this run */
  deposits: number;
  /** copies started by this run */
  copies: number;
  /** copies the copy rules refused (e.g. a demo trader an admin blocked) */
  refused: number;
}

/**
 * The demo copiers' money and copies (product.md §12.6), for the users DemoUsersSeeder created
 * (matched by username and the demo copier email domain): each gets its demo deposit as one ledger posting
 * (platform deposits → cash, type `demo_deposit`, reference `demo:<username>`: nothing from nothing, and the
 * (type, reference) index makes it once), then copies its demo traders through FollowTraderUseCase, the copy
 * rules and cash → copy equity posting of any follow. All in one transaction, under the start-up lock.
 *
 * Idempotent: a deposit already posted is not posted again, and a copier that ever copied a trader (a copy that
 * has since stopped, by its stop loss say, included) does not copy it again, so a restart adds no second set.
 * Without demo copier users (DEMO_DATA off at the first start, or a production database) it does nothing. A copy
 * the copy rules refuse (a demo trader an admin blocked since, say) is left out, and tried again at the next start.
 */
export async function seedDemoCopies(app: INestApplicationContext): Promise<DemoCopiesResult> {
  const uow = app.get(UnitOfWork, { strict: false });
  const ledger = app.get(Ledger, { strict: false });
  const follow = app.get(FollowTraderUseCase, { strict: false });
  return uow.enclose(async (tx) => {
    const users = await runSql(
      emOf(tx),
      demoQueries.copiers(
        DEMO_COPIERS.map((c) => c.username),
        DEMO_COPIER_EMAIL_DOMAIN,
        DEMO_DEPOSIT,
      ),
    );
    const result: DemoCopiesResult = { deposits: 0, copies: 0, refused: 0 };
    for (const user of users) {
      const copier = DEMO_COPIERS.find((c) => c.username === user.username)!;
      if (!user.deposited) {
        await ledger.transfer(tx, {
          type: DEMO_DEPOSIT,
          reference: `demo:${copier.username}`,
          description: 'Demo deposit',
          from: await ledger.platformAccount(tx, 'platform_deposits'),
          to: await ledger.userAccount(tx, user.id, 'cash'),
          amount: copier.deposit * 100,
        });
        result.deposits++;
      }
      const copied = new Set((await runSql(emOf(tx), tradingSeedQueries.tradersCopiedBy(user.id))).map((row) => Number(row.trader_id)));
      for (const copy of copier.copies.filter((c) => !copied.has(c.traderId))) {
        try {
          await follow.execute({ userId: user.id, traderId: copy.traderId, amount: copy.amount * 100, stopLossPct: null });
          result.copies++;
        } catch (err) {
          // A rule said no (a demo trader an admin blocked, a copier whose KYC was revoked, …): that copy is left out
          // (its savepoint rolled back), the start goes on. Anything else ends the start.
          if (!(err instanceof DomainError)) throw err;
          result.refused++;
        }
      }
    }
    return result;
  });
}

/** The start-up task (apps/api STARTUP_TASKS, after demo seeding and the demo history): with DEMO_DATA on, seedDemoCopies. */
export async function seedDemoCopiesOnStart(app: INestApplicationContext, config: { demoData: boolean }): Promise<void> {
  if (!config.demoData) return;
  await seedDemoCopies(app);
}
