import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, storedCents, type TransactionContext } from '@mirrorline/shared';
import { copyTradingQueries } from '@mirrorline/copy-trading/sql';
import type { TraderExposure } from '@mirrorline/accounts';
import { UserCopies, type CopySummary } from '../../application/ports/user-copies';
import { executorOf } from '@mirrorline/shared/nest';

/** A user's copies, through the copy-trading context's exported queries. */
@Injectable()
export class SqlUserCopies extends UserCopies {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async listForUser(tx: TransactionContext | null, userId: string): Promise<CopySummary[]> {
    const rows = await runSql(executorOf(this.em, tx), copyTradingQueries.copiesOfFollower(userId));
    return rows.map((row) => ({
      id: row.id,
      traderId: Number(row.trader_id),
      status: row.status,
      equity: storedCents(row.equity),
      createdAt: new Date(row.created_at),
    }));
  }

  async openCount(tx: TransactionContext, userId: string): Promise<number> {
    const [row] = await runSql(executorOf(this.em, tx), copyTradingQueries.openCopiesCount(userId));
    return Number(row.n);
  }

  async copiedTradesCount(tx: TransactionContext | null, userId: string): Promise<number> {
    const [row] = await runSql(executorOf(this.em, tx), copyTradingQueries.copiedTradesCount(userId));
    return Number(row.n);
  }

  async traderExposure(tx: TransactionContext, userId: string): Promise<TraderExposure> {
    const em = executorOf(this.em, tx);
    // Locked as copy trading locks it to follow a trader or open a trade: a follow or a trade racing
    // this check waits for our commit instead of slipping in after the count.
    const [profile] = await runSql(em, copyTradingQueries.lockTraderProfileOf(userId));
    if (!profile) return { liveCopies: 0, openTrades: 0 };
    const [row] = await runSql(em, copyTradingQueries.traderExposure(Number(profile.id)));
    return { liveCopies: Number(row.copies), openTrades: Number(row.trades) };
  }
}
