import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { storedCents } from '@mirrorline/shared';
import { ProfileFactsReader, type ProfileFacts } from '../../application/ports/profile-facts';
import { tableExists } from './sql-executor';

/**
 * The queries of SqlAccountBalances.of, SqlTraderProfiles.traderIdsOf, SqlUserCopies.listForUser and
 * SqlUserCopies.copiedTradesCount for one user, as sub-selects of one statement (one round trip, one
 * snapshot). Keep them in step with those adapters.
 */
@Injectable()
export class SqlProfileFacts extends ProfileFactsReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(userId: string): Promise<ProfileFacts | null> {
    const em = this.em.fork();
    for (const table of ['trader_profiles', 'copies', 'copy_positions']) if (!(await tableExists(em, table))) return null;
    const [row] = await em.execute<
      Array<{
        cash: string;
        held: string;
        copy_equity: string;
        trader_id: number | null;
        copies: Array<{ id: string; trader_id: number; status: string; equity: string | null; created_at: string }>;
        copied: string;
      }>
    >(
      `SELECT b.cash, b.held, b.copy_equity,
              (SELECT id FROM trader_profiles WHERE user_id = ?) AS trader_id,
              (SELECT coalesce(json_agg(json_build_object('id', x.id, 'trader_id', x.trader_id, 'status', x.status,
                                                          'equity', x.equity::text, 'created_at', x.created_at) ORDER BY x.created_at DESC), '[]')
                 FROM (SELECT c.id, c.trader_id, c.status, a.balance AS equity, c.created_at
                         FROM copies c LEFT JOIN ledger_accounts a ON a.copy_id = c.id
                        WHERE c.follower_id = ? ORDER BY c.created_at DESC LIMIT 200) x) AS copies,
              (SELECT count(*) FROM copies c JOIN copy_positions p ON p.copy_id = c.id WHERE c.follower_id = ?) AS copied
       FROM (SELECT coalesce(sum(balance) FILTER (WHERE kind = 'cash'), 0) AS cash,
                    coalesce(sum(balance) FILTER (WHERE kind = 'held'), 0) AS held,
                    coalesce(sum(balance) FILTER (WHERE kind = 'copy_equity'), 0) AS copy_equity
               FROM ledger_accounts WHERE owner_id = ?) b`,
      [userId, userId, userId, userId],
    );
    return {
      balances: { cash: storedCents(row.cash), held: storedCents(row.held), copyEquity: storedCents(row.copy_equity) },
      traderId: row.trader_id === null ? null : Number(row.trader_id),
      copies: row.copies.map((c) => ({
        id: c.id,
        traderId: Number(c.trader_id),
        status: c.status,
        equity: storedCents(c.equity),
        createdAt: new Date(c.created_at),
      })),
      copiedTrades: Number(row.copied),
    };
  }
}
