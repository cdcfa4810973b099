import { Injectable, Optional } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OpenPositionsValue, runSql, UserReadCache } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { CopyTradingQueries } from '../../application/ports/copy-trading-queries';
import { copyTradingReadsQueries } from '../persistence/copy-trading-reads.queries';

/**
 * OpenPositionsValue for wallet/ and user/get: the user's open copied positions marked at the market's fresh
 * quotes. Whether the user has any open position is cached (UserReadCache: dropped by NOTIFY on any
 * statement on positions, trades or copies); without one the value is 0 and neither the quotes nor the
 * positions are read. With some, they are marked at the quotes of the moment, as before.
 */
@Injectable()
export class MarketOpenPositionsValue extends OpenPositionsValue {
  constructor(
    private readonly queries: CopyTradingQueries,
    private readonly market: MarketQuotes,
    @Optional() private readonly em?: EntityManager,
    @Optional() private readonly reads?: UserReadCache,
  ) {
    super();
  }

  async unrealizedPnl(userId: string): Promise<bigint> {
    if (this.em && this.reads && !(await this.reads.get('open-positions', userId, () => this.hasOpenPositions(userId)))) return 0n;
    return this.queries.unrealizedPnlOf(userId, await this.market.freshQuotes());
  }

  /** The positions unrealizedPnlOf marks: unsettled, of the user's copies, in open trades. */
  private async hasOpenPositions(userId: string): Promise<boolean> {
    const [row] = await runSql((this.em as EntityManager).getConnection(), copyTradingReadsQueries.hasOpenPositions(userId));
    return row.open;
  }
}
