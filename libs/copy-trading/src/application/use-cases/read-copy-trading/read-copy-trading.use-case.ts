import { Injectable } from '@nestjs/common';
import type { PageQuery } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { copyErrors } from '../../../domain/copy';
import { CopyTradingQueries, type TraderListQuery } from '../../ports/copy-trading-queries';

/**
 * The read side (pages and lists). Reads need no transaction and no domain rule beyond "not found",
 * so one use case fronts the query port instead of seven pass-through classes. Open positions, copies and
 * trades are marked to the market's fresh quotes (asked once per read and passed into the query).
 */
@Injectable()
export class ReadCopyTradingUseCase {
  constructor(
    private readonly queries: CopyTradingQueries,
    private readonly market: MarketQuotes,
  ) {}

  listTraders(query: TraderListQuery) {
    return this.queries.listTraders(query);
  }

  async trader(id: number) {
    const trader = await this.queries.trader(id);
    if (!trader) throw copyErrors.traderNotFound();
    return trader;
  }

  async myCopies(userId: string) {
    return this.queries.myCopies(userId, await this.market.freshQuotes());
  }

  async myTrades(userId: string, page: PageQuery, status?: 'open' | 'closed') {
    return this.queries.myTrades(userId, page, await this.market.freshQuotes(), status);
  }

  mySkips(userId: string, page: PageQuery) {
    return this.queries.mySkips(userId, page);
  }

  async traderTrades(traderId: number, page: PageQuery, status?: 'open' | 'closed') {
    return this.queries.traderTrades(traderId, page, await this.market.freshQuotes(), status);
  }

  followers(traderId: number, page: PageQuery) {
    return this.queries.followers(traderId, page);
  }

  settings(userId: string) {
    return this.queries.settings(userId);
  }

  userFacts(userId: string) {
    return this.queries.userFacts(userId);
  }
}
