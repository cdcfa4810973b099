import { Injectable } from '@nestjs/common';
import { RISK_WINDOW_DAYS, riskComponents, riskScoreHistory, type RiskComponent } from '../../../domain/risk-score';
import { markedDailyReturns, markedStats, openReturn, type Marks } from '../../../domain/trader-stats';
import type { TraderStatsRow } from '../../ports/copy-trading-queries';
import { TraderPerformanceQueries } from '../../ports/trader-performance';

/** The days of the score's history (product.md §12.3). */
export const RISK_HISTORY_DAYS = 90;

export interface TraderRisk {
  /** 1–10, the trader page's and the list's riskScore */
  score: number;
  components: RiskComponent[];
  /** one point per UTC day, oldest first, today (with the open trades) last */
  history: Array<{ date: string; score: number }>;
}

/**
 * GET traders/:id/risk: the live score (the open trades at their marks, as every public figure: domain/trader-stats)
 * with the two values at risk it is the band of, and the score of each of the last 90 days from the daily returns
 * of the 30 days ending that day.
 */
@Injectable()
export class ReadTraderRiskUseCase {
  constructor(private readonly queries: TraderPerformanceQueries) {}

  async risk(row: TraderStatsRow, marks: Marks): Promise<TraderRisk> {
    const open = openReturn(row.openTradeFacts, marks);
    const score = markedStats(row.closedStats, row.openTradeFacts, marks).riskScore;
    const daily = await this.queries.dailyReturns(row.id, RISK_HISTORY_DAYS + RISK_WINDOW_DAYS - 1);
    const history = riskScoreHistory(daily, RISK_HISTORY_DAYS);
    // Today's point is the live score: the past has no open exposure on record, today has.
    if (history.length) history[history.length - 1] = { ...history[history.length - 1], score };
    return { score, components: riskComponents(markedDailyReturns(row.closedStats.returns30, open.pnl), open.exposure), history };
  }
}
