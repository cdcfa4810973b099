import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { LazySeriesChart } from '../../../components/charts/lazy-series-chart';
import { dayLabel, daySeconds } from '../../../components/charts/chart-days';
import { Percent } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { formatDate, formatDay, formatPercent } from '../../../lib/money';
import { PERIODS, useTraderPerformance, type Period, type TraderPerformance } from '../api/get-trader-performance';

type OpenPosition = TraderPerformance['openPositions'][number];
type MonthlyReturn = TraderPerformance['monthlyReturns'][number];

const PERIOD_LABELS: Record<Period, string> = { '1M': '1M', '3M': '3M', '1Y': '1Y', all: 'All' };
const PERIOD_NAMES: Record<Period, string> = { '1M': 'last month', '3M': 'last 3 months', '1Y': 'last year', all: 'since the first trade' };
const PERIOD_DAYS: Record<Period, number | null> = { '1M': 30, '3M': 90, '1Y': 365, all: null };

/**
 * The period in words, or "since <date>" when the trader's first trade is younger than the period: a "1Y" of one
 * month of data says so (product.md §12.3).
 */
export function periodName(period: Period, historyStart: string | null | undefined, now: number = Date.now()): string {
  const days = PERIOD_DAYS[period];
  if (days !== null && historyStart && Date.parse(historyStart) > now - days * 86_400_000) return `since ${formatDay(historyStart)}`;
  return PERIOD_NAMES[period];
}

const monthName = (month: string): string => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const OPEN_COLUMNS: Column<OpenPosition>[] = [
  { header: 'Symbol', cell: (p) => p.symbol },
  { header: 'Side', className: 'cap', cell: (p) => p.side },
  { header: 'Unrealized PnL', cell: (p) => (p.unrealizedPnlPct === null ? <span className="muted">no live price</span> : <Percent value={p.unrealizedPnlPct} />) },
  { header: 'Opened', cell: (p) => formatDate(p.openedAt) },
];

function MonthlyReturns({ months }: { months: MonthlyReturn[] }) {
  const max = Math.max(0.01, ...months.map((m) => Math.abs(m.returnPct)));
  const columns: Column<MonthlyReturn>[] = [
    { header: 'Month', rowHeader: true, cell: (m) => monthName(m.month) },
    {
      header: 'Return',
      cell: (m) => (
        <>
          <span className={`monthly-returns__bar ${m.returnPct >= 0 ? 'monthly-returns__bar--up' : 'monthly-returns__bar--down'}`} style={{ width: `${(Math.abs(m.returnPct) / max) * 60}%` }} aria-hidden="true" />
          <Percent value={m.returnPct} />
        </>
      ),
    },
    { header: 'Trades', cell: (m) => m.trades },
  ];
  return <DataTable label="Monthly returns" look="plain" className="monthly-returns" columns={columns} rows={months} empty={<p className="muted">No closed trades in the last 12 months.</p>} rowKey={(m) => m.month} rowProps={(m) => ({ 'data-testid': `month-${m.month}` })} />;
}

/**
 * The trader page's charts (GET traders/:id/performance): the equity curve of the compounded return with period
 * buttons (1M 3M 1Y All), monthly returns, open positions (symbol, side, unrealized pnl %; never a size) and the
 * copier trend. The charts (lightweight-charts) load lazily and carry axes with values.
 */
export function TraderPerformanceSection({ traderId, traderName, historyStart }: { traderId: string; traderName: string; historyStart?: string | null }) {
  const [period, setPeriod] = useState<Period>('1Y');
  const { performance, error, isLoading, mutate } = useTraderPerformance(traderId, period);
  return (
    <>
      <section className="card" aria-labelledby="perf-equity">
        <div className="perf-head">
          <h2 id="perf-equity">Equity curve</h2>
          <div className="chart-toolbar" role="group" aria-label="Equity curve period">
            {PERIODS.map((p) => (
              <Button key={p} variant="outline" size="sm" aria-pressed={p === period} onClick={() => setPeriod(p)}>
                {PERIOD_LABELS[p]}
              </Button>
            ))}
          </div>
        </div>
        <AsyncBlock data={performance} error={error} isLoading={isLoading && !performance} onRetry={() => void mutate()} loadingLabel="Loading the equity curve">
          {(perf) => (
            <>
              <p className="muted small" data-testid="period-return">
                Return {periodName(perf.period as Period, historyStart)}: <Percent value={perf.periodReturnPct} /> (each trade compounded as a copier would have seen it)
              </p>
              <LazySeriesChart
                kind="area"
                unit="%"
                label={`${traderName}: equity curve, ${periodName(perf.period as Period, historyStart)}`}
                points={perf.equityCurve.map((p) => ({ time: daySeconds(p.date), value: p.returnPct }))}
                format={(v) => formatPercent(v, { signed: true })}
                rowLabel={dayLabel}
              />
            </>
          )}
        </AsyncBlock>
      </section>
      {performance && (
        <>
          <section className="card" aria-labelledby="perf-monthly">
            <h2 id="perf-monthly">Monthly returns</h2>
            <MonthlyReturns months={performance.monthlyReturns} />
          </section>
          <section className="card" aria-labelledby="perf-open">
            <h2 id="perf-open">Open positions</h2>
            <DataTable
              label="Open positions"
              columns={OPEN_COLUMNS}
              rows={performance.openPositions}
              rowKey={(p, i) => `${p.symbol}-${p.openedAt}-${i}`}
              empty={<EmptyState title="No open positions" />}
            />
          </section>
          <section className="card" aria-labelledby="perf-copiers">
            <h2 id="perf-copiers">Copiers, last 30 days</h2>
            <LazySeriesChart
              kind="line"
              decimals={0}
              height={180}
              label={`${traderName}: copiers, last 30 days`}
              points={performance.copierTrend.map((c) => ({ time: daySeconds(c.date), value: c.copiers }))}
              format={(v) => String(v)}
              rowLabel={dayLabel}
            />
          </section>
        </>
      )}
    </>
  );
}
