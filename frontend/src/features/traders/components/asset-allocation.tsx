import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { formatDay } from '../../../lib/money';
import { useTrader } from '../api/get-trader';
import { PERIODS, periodPhrase, type AllocationSlice, type TraderPeriod } from '../api/types';

const COLUMNS: Column<AllocationSlice>[] = [
  { header: 'Symbol', cell: (s) => s.symbol },
  { header: 'Market', cell: (s) => s.market },
  { header: 'Trades', cell: (s) => s.trades },
  { header: 'Share', cell: (s) => `${s.pct.toFixed(1)}%` },
];

/** Σ of the symbols' shares by market, largest first. */
export function byMarket(slices: readonly AllocationSlice[]): Array<{ market: string; pct: number }> {
  const totals = new Map<string, number>();
  for (const s of slices) totals.set(s.market, (totals.get(s.market) ?? 0) + s.pct);
  return [...totals.entries()].map(([market, pct]) => ({ market, pct: Math.round(pct * 10) / 10 })).sort((a, b) => b.pct - a.pct || a.market.localeCompare(b.market));
}

/**
 * The trader page's asset allocation (product.md §12.3): the share of the allocation of the trades held in the
 * period (open now, or closed in it) by market and by symbol, with the period's buttons. The label says
 * "since <date>" when the trader's history is shorter than the period.
 */
export function AssetAllocation({ traderId }: { traderId: string }) {
  const [period, setPeriod] = useState<TraderPeriod>('90d');
  const { trader, error, isLoading, mutate } = useTrader(traderId, period);
  return (
    <section className="card" aria-labelledby="allocation-title">
      <div className="perf-head">
        <h2 id="allocation-title">Asset allocation</h2>
        <div className="chart-toolbar" role="group" aria-label="Allocation period">
          {PERIODS.map((p) => (
            <Button key={p.value} variant="outline" size="sm" aria-pressed={p.value === period} onClick={() => setPeriod(p.value)}>
              {p.label}
            </Button>
          ))}
        </div>
      </div>
      <AsyncBlock data={trader} error={error} isLoading={isLoading && !trader} onRetry={() => void mutate()} loadingLabel="Loading the allocation">
        {(t) =>
          t.allocation.length === 0 ? (
            <EmptyState title="No trades in this period" />
          ) : (
            <>
              <p className="muted small" data-testid="allocation-period">
                Trades held over {periodPhrase(t, formatDay)}, by share of the allocation they took.
              </p>
              <ul className="allocation-bars" aria-label="By market">
                {byMarket(t.allocation).map((m) => (
                  <li key={m.market}>
                    <span className="allocation-bars__label">{m.market}</span>
                    <span className="allocation-bars__bar" style={{ width: `${m.pct}%` }} aria-hidden="true" />
                    <span className="allocation-bars__value">{m.pct.toFixed(1)}%</span>
                  </li>
                ))}
              </ul>
              <DataTable label="Allocation by symbol" columns={COLUMNS} rows={t.allocation} rowKey={(s) => s.symbol} />
            </>
          )
        }
      </AsyncBlock>
    </section>
  );
}
