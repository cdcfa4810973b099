import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sql, storedCents } from '@mirrorline/shared';
import { copyTradingQueries } from '@mirrorline/copy-trading';
import { walletQueries } from '@mirrorline/wallet';
import { ProfileFactsReader, type ProfileFacts } from '../../application/ports/profile-facts';

interface Row {
  cash: string;
  held: string;
  copy_equity: string;
  trader_id: number | null;
  copies: Array<{ id: string; trader_id: number; status: string; equity: string | null; created_at: string }>;
  copied: string;
}

/**
 * The queries of SqlAccountBalances.of, CopyTradingTraderProfiles.traderIdsOf, SqlUserCopies.listForUser
 * and SqlUserCopies.copiedTradesCount for one user, as sub-selects of one statement (one round trip, one
 * snapshot), composed from the wallet's and copy trading's exported queries.
 */
@Injectable()
export class SqlProfileFacts extends ProfileFactsReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(userId: string): Promise<ProfileFacts | null> {
    const [row] = await runSql(
      this.em.fork(),
      sql<Row>`SELECT b.cash, b.held, b.copy_equity,
                      ${copyTradingQueries.traderIdOf(userId)} AS trader_id,
                      (SELECT coalesce(json_agg(json_build_object('id', x.id, 'trader_id', x.trader_id, 'status', x.status,
                                                                  'equity', x.equity::text, 'created_at', x.created_at) ORDER BY x.created_at DESC), '[]')
                         FROM (${copyTradingQueries.copiesOfFollower(userId)}) x) AS copies,
                      (${copyTradingQueries.copiedTradesCount(userId)}) AS copied
                 FROM ${walletQueries.balancesOfOwner(userId)} b`,
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
