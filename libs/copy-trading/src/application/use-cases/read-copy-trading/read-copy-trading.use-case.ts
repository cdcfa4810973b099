import { Injectable } from '@nestjs/common';
import { Clock, type Page, type PageQuery } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { Ledger } from '@mirrorline/wallet';
import { copyErrors } from '../../../domain/copy';
import { markedStats, type Marks } from '../../../domain/trader-stats';
import { coveredDays, daysTrading, historyShorterThan, isFull, marketsOf, periodClosedStats, sharpeRatio, type Period } from '../../../domain/discovery';
import {
  CopyTradingQueries,
  type PublicTrade,
  type TraderDetails,
  type TraderDetailsRow,
  type TraderListQuery,
  type TraderSort,
  type TraderStatsRow,
  type TraderSummary,
  type TraderTrade,
} from '../../ports/copy-trading-queries';

/** A trader's trade as the public history shows it: no sizes, copier counts, totals or levels. */
export function toPublicTrade(trade: TraderTrade, now: Date): PublicTrade {
  const end = trade.closedAt === null ? now.getTime() : Date.parse(trade.closedAt);
  return {
    id: trade.id,
    status: trade.status,
    symbol: trade.symbol,
    side: trade.side,
    allocationPct: trade.allocationPct,
    entryPrice: trade.entryPrice,
    exitPrice: trade.exitPrice,
    openedAt: trade.openedAt,
    closedAt: trade.closedAt,
    holdingSeconds: Math.max(0, Math.floor((end - Date.parse(trade.openedAt)) / 1000)),
    pnlPct: trade.status === 'open' ? trade.unrealizedPnlPct : trade.pnlPct,
    closeReason: trade.closeReason,
  };
}

/** The list's orders (product.md §12.3): the marked figures first (a drawdown ascending, the rest descending), then the id (stable pages). */
const SORTS: Record<TraderSort, (a: TraderSummary, b: TraderSummary) => number> = {
  roi: (a, b) => b.roi - a.roi || a.id - b.id,
  sharpe: (a, b) => b.sharpe - a.sharpe || a.id - b.id,
  maxDrawdown: (a, b) => a.maxDrawdown - b.maxDrawdown || a.id - b.id,
  aum: (a, b) => Number(b.aum) - Number(a.aum) || a.id - b.id,
  copiers: (a, b) => b.copiers - a.copiers || a.id - b.id,
  copiersPnl: (a, b) => Number(b.copiersPnl) - Number(a.copiersPnl) || a.id - b.id,
  tradingAccuracy: (a, b) => b.tradingAccuracy - a.tradingAccuracy || a.id - b.id,
  daysTrading: (a, b) => b.daysTrading - a.daysTrading || a.id - b.id,
  accuracy: (a, b) => b.tradingAccuracy - a.tradingAccuracy || a.id - b.id,
  followers: (a, b) => b.copiers - a.copiers || a.id - b.id,
};

type Marked<R extends TraderStatsRow> = Omit<R, 'closedStats' | 'openTradeFacts' | 'periods' | 'allocation' | 'minCopyCents'> & TraderSummary;

/**
 * A trader's row with its statistics over `period` marked to the market (the open trades at their marks:
 * domain/trader-stats.ts, the same marking for every period); roi30d stays the 30-day one.
 */
function marked<R extends TraderStatsRow>(row: R, marks: Marks, period: Period, now: Date): Marked<R> {
  const { closedStats, openTradeFacts, periods, allocation, minCopyCents: _minCopyCents, ...rest } = row;
  const facts = periods[period];
  const stats = markedStats(periodClosedStats(facts, closedStats.returns30), openTradeFacts, marks);
  const traded = daysTrading(row.historyStart, now);
  return {
    ...rest,
    ...stats,
    roi30d: period === '30d' ? stats.roi30d : markedStats(closedStats, openTradeFacts, marks).roi30d,
    period,
    roi: stats.roi30d,
    sharpe: sharpeRatio(facts, coveredDays(period, traded), closedStats.returns30.at(-1) ?? 0, stats.openPnlPct),
    closedTrades: facts.closedTrades,
    copiersPnl: facts.copiersNet,
    daysTrading: traded,
    shorterHistory: historyShorterThan(period, traded),
    markets: marketsOf(allocation[period]),
    full: isFull(row.copiers, row.maxCopiers),
  };
}

/**
 * The read side (pages and lists). Reads need no transaction and no domain rule beyond "not found",
 * so one use case fronts the query port instead of seven pass-through classes. Open positions, copies and
 * trades are marked to the market's fresh quotes (asked once per read and passed into the query); the public
 * statistics to its latest quotes, however old (`marks`: a closed market's open loss still counts).
 */
@Injectable()
export class ReadCopyTradingUseCase {
  constructor(
    private readonly queries: CopyTradingQueries,
    private readonly market: MarketQuotes,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
  ) {}

  /** What the public statistics are marked at: the same Map until a quote changes (so pages can be kept until then). */
  marks(): Promise<Marks> {
    return this.market.lastQuotes();
  }

  /** The user's free cash, cents (GET traders/?copyReady=true compares each trader's minimum copy with it). */
  async cashOf(userId: string): Promise<bigint> {
    return BigInt((await this.ledger.balances(null, userId)).cash);
  }

  /** Every public trader's row (cacheable until a trade, copy, profile or user changes). */
  publicTraders(): Promise<TraderStatsRow[]> {
    return this.queries.publicTraders();
  }

  /** A page of the list over a period: filtered (type, name, product.md §12.3's filters), marked, sorted, paged. */
  listTraders(query: TraderListQuery, rows: readonly TraderStatsRow[], marks: Marks): Page<TraderSummary> {
    const search = query.search?.toLowerCase();
    const now = this.clock.now();
    const items = rows
      .filter(
        (r) =>
          (query.traderType === undefined || r.traderType === query.traderType) &&
          (search === undefined || r.name.toLowerCase().includes(search)) &&
          (query.cash === undefined || r.minCopyCents <= query.cash),
      )
      .map((r) => marked(r, marks, query.period, now))
      .filter(
        (x) =>
          (query.maxRisk === undefined || x.riskScore <= query.maxRisk) &&
          (query.maxDrawdown === undefined || x.maxDrawdown <= query.maxDrawdown) &&
          (query.minDays === undefined || x.daysTrading >= query.minDays) &&
          (query.market === undefined || x.markets.includes(query.market)) &&
          !(query.hideFull && x.full),
      )
      .sort(SORTS[query.sort]);
    const start = (query.page - 1) * query.limit;
    return { items: items.slice(start, start + query.limit), total: items.length, page: query.page, limit: query.limit };
  }

  /** A public trader's row (cacheable like the list's), or COPY.TRADER_NOT_FOUND. */
  async traderStats(id: number): Promise<TraderDetailsRow> {
    const row = await this.queries.traderStats(id);
    if (!row) throw copyErrors.traderNotFound();
    return row;
  }

  /** The trader page over a period (the whole record by default): the list's figures, the recent trades and the allocation. */
  traderPage(row: TraderDetailsRow, marks: Marks, period: Period = 'all'): TraderDetails {
    return { ...marked(row, marks, period, this.clock.now()), allocation: row.allocation[period] };
  }

  /** The profile with its statistics marked now, uncached (PATCH traders/me answers it). */
  async trader(id: number): Promise<TraderDetails> {
    const [row, marks] = await Promise.all([this.traderStats(id), this.marks()]);
    return this.traderPage(row, marks);
  }

  async myCopies(userId: string) {
    return this.queries.myCopies(userId, await this.market.freshQuotes());
  }

  async myTrades(userId: string, page: PageQuery, status?: 'open' | 'closed') {
    return this.queries.myTrades(userId, page, await this.market.freshQuotes(), { status });
  }

  /** One of my positions, as GET trades lists it, or COPY.POSITION_NOT_FOUND. */
  async myTrade(userId: string, positionId: string) {
    const [position] = (await this.queries.myTrades(userId, { page: 1, limit: 1 }, await this.market.freshQuotes(), { positionId })).items;
    if (!position) throw copyErrors.positionNotFound();
    return position;
  }

  mySkips(userId: string, page: PageQuery) {
    return this.queries.mySkips(userId, page);
  }

  async traderTrades(traderId: number, page: PageQuery, status?: 'open' | 'closed') {
    return this.queries.traderTrades(traderId, page, await this.market.freshQuotes(), status);
  }

  /** A public trader's position history, newest first (the caller has checked that the trader is public). */
  async publicTrades(traderId: number, page: PageQuery, status?: 'open' | 'closed'): Promise<Page<PublicTrade>> {
    const trades = await this.traderTrades(traderId, page, status);
    const now = this.clock.now();
    return { ...trades, items: trades.items.map((trade) => toPublicTrade(trade, now)) };
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
