import { riskScore } from '../../../domain/risk-score';
import type { TraderStatsRow } from '../../ports/copy-trading-queries';
import { TraderPerformanceQueries } from '../../ports/trader-performance';
import { ReadTraderRiskUseCase, RISK_HISTORY_DAYS } from './read-trader-risk.use-case';

/** 119 days of daily returns: calm, then ±1 % for the last 30 days. */
class FakePerformance extends TraderPerformanceQueries {
  asked: number[] = [];
  async performance() {
    return null;
  }
  async dailyReturns(_traderId: number, days: number) {
    this.asked.push(days);
    return Array.from({ length: days }, (_, i) => ({ date: `day-${i}`, returnPct: i >= days - 30 ? (i % 2 ? 1 : -1) : 0 }));
  }
}

const row = (returns30: number[], open: TraderStatsRow['openTradeFacts']) =>
  ({
    id: 7,
    closedStats: { closedTrades: 30, wins: 15, roi30: 0, curveLast: 1, curvePeak: 1, maxDrawdown: 0, returns30 },
    openTradeFacts: open,
  }) as unknown as TraderStatsRow;

describe('ReadTraderRiskUseCase', () => {
  const alt = Array.from({ length: 30 }, (_, i) => (i % 2 ? 1 : -1));

  it('the live score (the page\'s), its components, and 90 days of history ending with the live score', async () => {
    const queries = new FakePerformance();
    const risk = await new ReadTraderRiskUseCase(queries).risk(row(alt, []), new Map());
    expect(queries.asked).toEqual([RISK_HISTORY_DAYS + 29]);
    expect(risk.score).toBe(7);
    expect(risk.components).toEqual([{ name: 'history', value: 1.65, weight: 1 }, { name: 'open', value: 0, weight: 0 }]);
    expect(risk.history).toHaveLength(RISK_HISTORY_DAYS);
    expect(risk.history[0]).toEqual({ date: 'day-29', score: 1 });
    expect(risk.history[RISK_HISTORY_DAYS - 1]).toEqual({ date: 'day-118', score: 7 });
  });

  it('an open crypto trade holding half the equity, at a loss, sets the score through the open component', async () => {
    const open = [{ symbol: 'BTCUSDT', side: 'buy' as const, entryPrice: '100', allocationPct: 50, market: 'Crypto' }];
    const marks = new Map([['BTCUSDT', { bid: '90', ask: '90' }]]);
    const risk = await new ReadTraderRiskUseCase(new FakePerformance()).risk(row(Array(30).fill(0), open), marks);
    // today's return: −10 % × 0.5 = −5 %: σ of (0 × 29, −5) ≈ 0.90 → VaR ≈ 1.48; open: 1.645 × 0.5 × 60/√365 ≈ 2.58 → 8
    expect(risk.components.map((c) => [c.name, c.weight])).toEqual([['history', 0], ['open', 1]]);
    expect(risk.score).toBe(8);
    expect(risk.score).toBe(riskScore([...Array(29).fill(0), -5], [{ market: 'Crypto', weight: 0.5 }]));
    expect(risk.history[risk.history.length - 1].score).toBe(8);
  });
});
