import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { storedCents, type TransactionContext } from '@mirrorline/shared';
import type { TraderExposure } from '../../domain/user-account';
import { UserCopies, type CopySummary } from '../../application/ports/user-copies';
import { executorOf, tableExists } from './sql-executor';

/** Default adapter over the copy-trading context's `copies` and `copy_positions` tables (empty while they do not exist). */
@Injectable()
export class SqlUserCopies extends UserCopies {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async listForUser(tx: TransactionContext | null, userId: string): Promise<CopySummary[]> {
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'copies'))) return [];
    const rows = await em.execute<Array<{ id: string; trader_id: number; status: string; equity: string | null; created_at: Date }>>(
      `SELECT c.id, c.trader_id, c.status, a.balance AS equity, c.created_at
         FROM copies c LEFT JOIN ledger_accounts a ON a.copy_id = c.id
        WHERE c.follower_id = ? ORDER BY c.created_at DESC LIMIT 200`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      traderId: Number(row.trader_id),
      status: row.status,
      equity: storedCents(row.equity),
      createdAt: new Date(row.created_at),
    }));
  }

  async openCount(tx: TransactionContext, userId: string): Promise<number> {
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'copies'))) return 0;
    const [row] = await em.execute<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM copies WHERE follower_id = ? AND status <> 'stopped'`,
      [userId],
    );
    return Number(row.n);
  }

  async copiedTradesCount(tx: TransactionContext | null, userId: string): Promise<number> {
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'copy_positions'))) return 0;
    // Through the follower's copies and the positions' copy_id index: copy_positions has no follower index,
    // which would cost every fan-out of 100,000 positions 100,000 random index inserts (bench:fanout).
    const [row] = await em.execute<Array<{ n: string }>>(
      'SELECT count(*) AS n FROM copies c JOIN copy_positions p ON p.copy_id = c.id WHERE c.follower_id = ?',
      [userId],
    );
    return Number(row.n);
  }

  async traderExposure(tx: TransactionContext, userId: string): Promise<TraderExposure> {
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'trader_profiles'))) return { liveCopies: 0, openTrades: 0 };
    // FOR NO KEY UPDATE, the lock copy trading takes to follow a trader or open a trade: a follow or a
    // trade racing this check waits for our commit instead of slipping in after the count.
    const [profile] = await em.execute<Array<{ id: number }>>('SELECT id FROM trader_profiles WHERE user_id = ? FOR NO KEY UPDATE', [userId]);
    if (!profile) return { liveCopies: 0, openTrades: 0 };
    const [row] = await em.execute<Array<{ copies: string; trades: string }>>(
      `SELECT (SELECT count(*) FROM copies WHERE trader_id = ? AND status <> 'stopped') AS copies,
              (SELECT count(*) FROM trader_trades WHERE trader_id = ? AND status = 'open') AS trades`,
      [profile.id, profile.id],
    );
    return { liveCopies: Number(row.copies), openTrades: Number(row.trades) };
  }
}
