import { Injectable } from '@nestjs/common';
import { Clock, DomainError, formatCents } from '@mirrorline/shared';
import { MarketQuotes } from '@mirrorline/market';
import { closePrice } from '../../../domain/copy-math';
import { simulateCopy } from '../../../domain/copy-simulation';
import { CopyTradingQueries } from '../../ports/copy-trading-queries';

export interface SimulateCopyQuery {
  traderId: number;
  /** the trader's profit share today (what a copy opened now keeps) */
  sharePct: number;
  amount: number;
  stopLossPct: number | null;
  takeProfitPct: number | null;
  from: Date;
}

export interface CopySimulation {
  points: Array<{ t: string; equity: string }>;
  finalEquity: string;
  feesPaid: string;
  maxDrawdownPct: number;
  stoppedAt: string | null;
  stopReason: 'stop_loss' | 'take_profit' | null;
  trades: number;
}

/** How far back a simulation may start (product.md §12.2). */
export const SIMULATION_MAX_DAYS = 366;
/** The most trades one simulation replays (a public read: its cost stays bounded). */
export const SIMULATION_MAX_TRADES = 50_000;

/**
 * GET traders/:id/simulate (product.md §12.2): the copy the caller would have had, replayed on the trader's recorded
 * trades by the live engine's rules (domain/copy-simulation.ts over domain/copy-math.ts); open trades at the market's
 * fresh quotes, as a live copy's equity.
 */
@Injectable()
export class SimulateCopyUseCase {
  constructor(
    private readonly queries: CopyTradingQueries,
    private readonly market: MarketQuotes,
    private readonly clock: Clock,
  ) {}

  async execute(query: SimulateCopyQuery): Promise<CopySimulation> {
    const now = this.clock.now();
    if (query.from.getTime() > now.getTime()) throw new DomainError('VALIDATION_FAILED', 'from must not be in the future', 'validation');
    if (now.getTime() - query.from.getTime() > SIMULATION_MAX_DAYS * 86_400_000) {
      throw new DomainError('VALIDATION_FAILED', 'from must be at most one year back', 'validation');
    }
    // fresh quotes, as a live copy's equity is marked (GET copies: liveEquity); an open trade without one counts at cost
    const [trades, fresh] = await Promise.all([this.queries.tradesSince(query.traderId, query.from, SIMULATION_MAX_TRADES + 1), this.market.freshQuotes()]);
    const quotes = new Map(fresh.map((q) => [q.symbol, q]));
    if (trades.length > SIMULATION_MAX_TRADES) {
      throw new DomainError('VALIDATION_FAILED', `More than ${SIMULATION_MAX_TRADES} trades since from: choose a later date`, 'validation');
    }
    const result = simulateCopy(trades, {
      amount: BigInt(query.amount),
      sharePct: query.sharePct,
      stopLossPct: query.stopLossPct,
      takeProfitPct: query.takeProfitPct,
      from: query.from,
      now,
      markOf: (trade) => {
        const quote = quotes.get(trade.symbol);
        return quote ? closePrice(trade.side, quote) : null;
      },
    });
    return {
      points: result.points.map((p) => ({ t: p.t.toISOString(), equity: formatCents(p.equity) })),
      finalEquity: formatCents(result.finalEquity),
      feesPaid: formatCents(result.feesPaid),
      maxDrawdownPct: result.maxDrawdownPct,
      stoppedAt: result.stoppedAt?.toISOString() ?? null,
      stopReason: result.stopReason,
      trades: result.trades,
    };
  }
}
