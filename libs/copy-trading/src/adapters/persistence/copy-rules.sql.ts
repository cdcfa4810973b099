/** The day's realised copy pnl and the daily loss limit now live with the other money rules (domain/money-rules.ts). */
export { dailyLossLimitReachedSql, realisedCopyPnlToday } from '../../domain/money-rules';
