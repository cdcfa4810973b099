import { Injectable } from '@nestjs/common';
import { OpenPositionsValue } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { CopyTradingQueries } from '../../application/ports/copy-trading-queries';

/** OpenPositionsValue for wallet/ and user/get: the user's open copied positions marked at the market's fresh quotes. */
@Injectable()
export class MarketOpenPositionsValue extends OpenPositionsValue {
  constructor(
    private readonly queries: CopyTradingQueries,
    private readonly market: MarketQuotes,
  ) {
    super();
  }

  async unrealizedPnl(userId: string): Promise<bigint> {
    return this.queries.unrealizedPnlOf(userId, await this.market.freshQuotes());
  }
}
