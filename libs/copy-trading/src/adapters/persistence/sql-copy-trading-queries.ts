import { NEW_TRADER_CLOSED_TRADES } from '../../domain/risk-score';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { formatCents, runSql, type Page, type PageQuery, type Sql } from '@mirrorline/shared';
import type { Quote } from '@mirrorline/market';
import { canonicalPrice, closePrice, dailyLossLimitReached, tradePnlPct, unrealizedPnl, type TradeSide } from '../../domain/copy-math';
import {
  CopyTradingQueries,
  type CopiedTrade,
  type CopySettings,
  type DailyPnl,
  type Follower,
  type MyCopy,
  type SkipRecord,
  type TraderDetailsRow,
  type TraderStatsRow,
  type TraderTrade,
  type UserCopyFacts,
} from '../../application/ports/copy-trading-queries';
import type { SimulatedTrade } from '../../domain/copy-simulation';
import { allocationSlices, periodClosedStats, PERIODS, type Period, type PeriodFacts } from '../../domain/discovery';
import { trimDecimal } from './sql-amount';
import { toTradeRecord } from './sql-trade-engine';
import { copyTradingReadsQueries, type PagedRow, type TraderRow } from './copy-trading-reads.queries';

/** The mark of a side from the quotes by symbol (close side), or null without a fresh quote. */
function markOf(quotes: ReadonlyMap<string, Quote>, symbol: string, side: string): string | null {
  const quote = quotes.get(symbol);
  return quote ? canonicalPrice(closePrice(side as TradeSide, quote)) : null;
}

const bySymbol = (quotes: readonly Quote[]): Map<string, Quote> => new Map(quotes.map((q) => [q.symbol, q]));

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const round2 = (value: number | string): number => Math.round(Number(value) * 100) / 100;

function periodFacts(row: TraderRow, period: Period): PeriodFacts {
  const p = row.periods[period];
  const d = row.daily_sums[period];
  return {
    closedTrades: Number(p.closed),
    wins: Number(p.wins),
    roi: Number(p.roi),
    curveLast: Number(p.lastEq),
    curvePeak: Number(p.peakEq),
    maxDrawdown: Number(p.maxDd),
    copiersNet: formatCents(p.copiersNet),
    sumDaily: Number(d.sum),
    sumSqDaily: Number(d.sumSq),
  };
}

const perPeriod = <T>(of: (period: Period) => T): Record<Period, T> => Object.fromEntries(PERIODS.map((p) => [p, of(p)])) as Record<Period, T>;

function toStatsRow(row: TraderRow): TraderStatsRow {
  const periods = perPeriod((p) => periodFacts(row, p));
  const daily: DailyPnl[] = (row.daily ?? []).map((d) => ({ date: d.date, label: d.label, pnl: Number(d.pnl) }));
  const assets = formatCents(row.assets);
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    traderType: row.trader_type,
    strategySummary: row.strategy_summary,
    strategyExplanation: row.strategy_explanation,
    image: row.image,
    share: Number(row.share_pct),
    maxCopiers: Number(row.max_copiers),
    minCopyAmount: formatCents(row.min_copy_amount),
    minCopyCents: BigInt(row.min_copy_amount),
    followers: Number(row.followers),
    copiers: Number(row.followers),
    assetsCopying: assets,
    aum: assets,
    historyStart: iso(row.first_trade_at),
    dayLabels: daily.map((d) => d.label),
    dailyPnls: daily.map((d) => d.pnl),
    daily,
    newTrader: periods.all.closedTrades < NEW_TRADER_CLOSED_TRADES,
    // The whole record's, with the 30-day ROI's window: the risk score and roi30d are marked from it.
    closedStats: { ...periodClosedStats(periods.all, (row.returns30 ?? []).map(Number)), roi30: periods['30d'].roi },
    periods,
    allocation: perPeriod((p) => allocationSlices((row.allocation[p] ?? []).map((a) => ({ ...a, trades: Number(a.trades), weight: Number(a.weight) })))),
    openTradeFacts: (row.open_trades ?? []).map((t) => ({
      symbol: t.symbol,
      side: t.side,
      entryPrice: trimDecimal(t.entry),
      allocationPct: Number(t.alloc),
      market: t.market,
    })),
  };
}


function pageRows<R extends PagedRow>(rows: R[]): { total: number; rows: R[] } {
  return { total: rows.length ? Number(rows[0].total) : 0, rows: rows.filter((r) => r.page_row !== null) };
}

@Injectable()
export class SqlCopyTradingQueries extends CopyTradingQueries {
  constructor(private readonly em: EntityManager) {
    super();
  }

  /**
   * Reads join the transaction of the current async context when there is one (`em.execute` resolves it), so a
   * money-moving request that answers with a read (the copy after its funds moved) reads its own uncommitted
   * effect inside its enclosing transaction (UnitOfWork.enclose); elsewhere they run on a pooled connection.
   */
  private run<T>(query: Sql<T>): Promise<T[]> {
    return runSql(this.em, query);
  }

  async publicTraders(): Promise<TraderStatsRow[]> {
    return (await this.run(copyTradingReadsQueries.publicTraders())).map(toStatsRow);
  }

  async traderStats(id: number): Promise<TraderDetailsRow | null> {
    // Blocked, deleted, demoted or not KYC-Verified traders are not public: their page is a 404 like a missing one.
    const [row] = await this.run(copyTradingReadsQueries.trader(id));
    if (!row) return null;
    const recent = await this.run(copyTradingReadsQueries.recentTrades(id));
    return {
      ...toStatsRow(row),
      recentTrades: recent.map((r) => ({
        id: r.id,
        market: r.market,
        pair: r.pair,
        side: r.side,
        pnlPct: round2(r.pnl_pct),
        closedAt: new Date(r.closed_at).toISOString(),
      })),
    };
  }

  async myCopies(userId: string, quotes: readonly Quote[]): Promise<MyCopy[]> {
    const rows = await this.run(copyTradingReadsQueries.myCopies(userId, quotes));
    return rows.map((r) => {
      const equity = BigInt(r.equity ?? 0);
      return {
        id: r.id,
        traderId: Number(r.trader_id),
        traderName: r.name,
        traderImage: r.image,
        status: r.status,
        invested: formatCents(r.invested),
        equity: formatCents(equity),
        freeEquity: formatCents(equity - BigInt(r.committed)),
        highWaterMark: formatCents(r.hwm),
        pnl: formatCents(r.pnl),
        feesPaid: formatCents(r.fees),
        openPositions: Number(r.open),
        unrealizedPnl: formatCents(r.upnl ?? '0'),
        liveEquity: formatCents(equity + BigInt(r.upnl ?? '0')),
        stopLossPct: r.stop_loss_pct === null ? null : Number(r.stop_loss_pct),
        takeProfitPct: r.take_profit_pct === null ? null : Number(r.take_profit_pct),
        stopReason: r.stop_reason,
        share: Number(r.share_pct),
        traderShare: Number(r.trader_share_pct),
        createdAt: iso(r.created_at)!,
        endedAt: iso(r.ended_at),
      };
    });
  }

  async tradesSince(traderId: number, from: Date, limit: number): Promise<SimulatedTrade[]> {
    const rows = await this.run(copyTradingReadsQueries.tradesSince(traderId, from, limit));
    return rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      side: r.side,
      allocationPct: Number(r.allocation_pct),
      entryPrice: r.entry_price,
      openedAt: new Date(r.opened_at),
      exitPrice: r.exit_price,
      closedAt: r.closed_at === null ? null : new Date(r.closed_at),
    }));
  }

  async myTrades(
    userId: string,
    page: PageQuery,
    quotes: readonly Quote[],
    filter: { status?: 'open' | 'closed'; positionId?: string } = {},
  ): Promise<Page<CopiedTrade>> {
    const marks = bySymbol(quotes);
    if (filter.positionId !== undefined && !/^[1-9][0-9]{0,17}$/.test(filter.positionId)) return { items: [], total: 0, page: page.page, limit: page.limit };
    const result = await this.run(copyTradingReadsQueries.myTrades(userId, page, filter));
    const { total, rows } = pageRows(result);
    return {
      items: rows.map((r) => {
        const traderFill = trimDecimal(r.entry_price);
        const copierFill = r.fill_price === null ? traderFill : trimDecimal(r.fill_price);
        const mark = r.settled ? null : markOf(marks, r.symbol, r.side);
        return {
        id: r.id,
        copyId: r.copy_id,
        tradeId: r.trade_id,
        traderId: Number(r.trader_id),
        traderName: r.name,
        market: r.market,
        symbol: r.symbol,
        pair: r.symbol,
        side: r.side,
        entryPrice: copierFill,
        exitPrice: r.exit_price === null ? null : trimDecimal(r.exit_price),
        closeReason: r.close_reason,
        receipt: {
          traderFill,
          copierFill,
          quoteTime: iso(r.quote_time),
          delayMs: Number(r.delay_ms),
          slippageBps: Number(r.slippage_bps).toFixed(2),
        },
        markPrice: mark,
        unrealizedPnl: mark === null ? null : formatCents(unrealizedPnl(BigInt(r.size), copierFill, mark, r.side as TradeSide)),
        size: formatCents(r.size),
        status: r.settled ? 'closed' : 'open',
        pnl: r.pnl === null ? null : formatCents(r.pnl),
        fee: r.fee === null ? null : formatCents(r.fee),
        pnlPct: r.copy_pct === null ? null : Number(r.copy_pct),
        traderPnlPct: r.pnl_pct === null ? null : Number(r.pnl_pct),
        divergencePct: r.copy_pct === null || r.pnl_pct === null ? null : Math.round((Number(r.copy_pct) - Number(r.pnl_pct)) * 10000) / 10000,
        openedAt: iso(r.opened_at)!,
        closedAt: iso(r.settled_at),
        };
      }),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  async mySkips(userId: string, page: PageQuery): Promise<Page<SkipRecord>> {
    const { total, rows } = pageRows(await this.run(copyTradingReadsQueries.mySkips(userId, page)));
    return {
      items: rows.map((r) => ({ tradeId: r.trade_id, copyId: r.copy_id, traderName: r.name, pair: r.pair, reason: r.reason, createdAt: iso(r.created_at)! })),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  async traderTrades(traderId: number, page: PageQuery, quotes: readonly Quote[], status?: 'open' | 'closed'): Promise<Page<TraderTrade>> {
    const marks = bySymbol(quotes);
    const { total, rows } = pageRows(await this.run(copyTradingReadsQueries.traderTrades(traderId, page, status)));
    const items = rows.map((row): TraderTrade => {
      const trade = toTradeRecord(row);
      const mark = trade.status === 'open' ? markOf(marks, trade.symbol, trade.side) : null;
      return { ...trade, markPrice: mark, unrealizedPnlPct: mark === null ? null : tradePnlPct(trade.entryPrice, mark, trade.side) };
    });
    return { items, total, page: page.page, limit: page.limit };
  }

  async unrealizedPnlOf(userId: string, quotes: readonly Quote[]): Promise<bigint> {
    if (!quotes.length) return 0n;
    const [row] = await this.run(copyTradingReadsQueries.unrealizedPnlOf(userId, quotes));
    return BigInt(row?.upnl ?? 0);
  }

  async followers(traderId: number, page: PageQuery): Promise<Page<Follower>> {
    const { total, rows } = pageRows(await this.run(copyTradingReadsQueries.followers(traderId, page)));
    return {
      items: rows.map((r) => ({
        copyId: r.id,
        userId: r.follower_id,
        username: r.username,
        status: r.status,
        invested: formatCents(r.invested),
        equity: formatCents(r.equity ?? 0),
        pnl: formatCents(r.pnl),
        feesPaid: formatCents(r.fees),
        since: iso(r.created_at)!,
      })),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  async settings(userId: string): Promise<CopySettings> {
    const [row] = await this.run(copyTradingReadsQueries.settings(userId));
    return {
      dailyLossLimit: row.limit === null ? null : formatCents(row.limit),
      todayPnl: formatCents(row.today),
      limitReached: dailyLossLimitReached(BigInt(row.today), row.limit === null ? null : BigInt(row.limit)),
    };
  }

  async userFacts(userId: string): Promise<UserCopyFacts> {
    const [row] = await this.run(copyTradingReadsQueries.userFacts(userId));
    return { traderID: row.trader_id === null ? null : Number(row.trader_id), copyID: row.copies ?? [], copiedTrades: Number(row.copied) };
  }
}
