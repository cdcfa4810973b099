import { Button } from '../../../components/ui/button';
import { walletKeys } from '../../../lib/query-keys';
import { useState } from 'react';
import { LazySeriesChart } from '../../../components/charts/lazy-series-chart';
import { dayLabel, daySeconds } from '../../../components/charts/chart-days';
import type { SeriesMarker } from '../../../components/charts/series-chart';
import { Percent } from '../../../components/ui/money';
import { AsyncBlock } from '../../../components/ui/states';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/auth-session';
import { centsToString, formatMoney, formatPercent, toCents } from '../../../lib/money';

type View = 'return' | 'equity';

/** A day's external flow in words, for its marker and the screen-reader table: "Deposit $500.00", "Withdrawal $200.00". */
function flowText(flow: string): string | null {
  const cents = toCents(flow) ?? 0n;
  if (cents === 0n) return null;
  return cents > 0n ? `Deposit ${formatMoney(flow)}` : `Withdrawal ${formatMoney(centsToString(-cents))}`;
}

/**
 * The overview's portfolio chart over the last 90 days (GET wallet/equity), in two views (product.md §12.6: a
 * deposit is never read as performance):
 * - Return % (the default): the time-weighted return the API computes (every deposit or paid-out withdrawal starts
 *   a new sub-period; the sub-periods' returns are chained), so a first deposit with no trade is 0.00 % flat.
 * - Equity: cash + held + copy equity at the end of each day, today's point at the live figure (GET wallet), with a
 *   marker on each day money came in (▲ deposit) or went out (▼ withdrawal).
 */
export function EquityHistory() {
  const session = useSession();
  const [view, setView] = useState<View>('return');
  const history = useApi(session.isLoggedIn ? walletKeys.equity() : null);
  const wallet = useApi(session.isLoggedIn ? walletKeys.balance() : null);
  const w = wallet.data;
  // exact in cents (never a float sum of money)
  const liveTotal = w ? centsToString([w.balance, w.held, w.liveTradingBalance ?? w.tradingBalance].reduce((sum, v) => sum + (toCents(v) ?? 0n), 0n)) : null;
  return (
    <section className="card" aria-labelledby="equity-history">
      <div className="perf-head">
        <h2 id="equity-history">Performance, last 90 days</h2>
        <div className="chart-toolbar" role="group" aria-label="The chart shows">
          <Button variant="outline" size="sm" aria-pressed={view === 'return'} onClick={() => setView('return')}>
            Return %
          </Button>
          <Button variant="outline" size="sm" aria-pressed={view === 'equity'} onClick={() => setView('equity')}>
            Equity
          </Button>
        </div>
      </div>
      <AsyncBlock data={history.data} error={history.error} isLoading={history.isLoading} onRetry={() => void history.mutate()} loadingLabel="Loading your equity">
        {(data) => {
          if (view === 'return') {
            const last = data.items[data.items.length - 1]?.returnPct ?? 0;
            return (
              <>
                <p className="muted small" data-testid="twr">
                  Time-weighted return: <Percent value={last} />. Deposits and withdrawals are not gains or losses: each one starts a new period, and the
                  periods&rsquo; returns are chained.
                </p>
                <LazySeriesChart
                  kind="area"
                  unit="%"
                  height={220}
                  label="Your time-weighted return, last 90 days"
                  points={data.items.map((p) => ({ time: daySeconds(p.date), value: p.returnPct }))}
                  format={(v) => formatPercent(v, { signed: true })}
                  rowLabel={dayLabel}
                />
              </>
            );
          }
          // the marker says what (its amount would run off the chart's edge on a recent day); the table says how much
          const flows = data.items.flatMap((p) => {
            const text = flowText(p.flow);
            return text ? [{ time: daySeconds(p.date), in: (toCents(p.flow) ?? 0n) > 0n, text }] : [];
          });
          const markers: SeriesMarker[] = flows.map((f) => ({ time: f.time, direction: f.in ? 'in' : 'out', text: f.in ? 'Deposit' : 'Withdrawal' }));
          const byTime = new Map(flows.map((f) => [f.time, f.text]));
          const points = data.items.map((p, i) => ({
            time: daySeconds(p.date),
            value: Number(i === data.items.length - 1 && liveTotal !== null ? liveTotal : p.equity),
          }));
          return (
            <>
              <p className="muted small">
                Equity at the end of each day. <span aria-hidden="true">▲</span> money in (a deposit), <span aria-hidden="true">▼</span> money out (a
                withdrawal paid): a jump there is your money, not a gain.
              </p>
              <LazySeriesChart
                kind="area"
                prefix="$"
                height={220}
                label="Your equity, last 90 days"
                points={points}
                markers={markers}
                format={(v) => formatMoney(v.toFixed(2))}
                rowLabel={(time) => (byTime.has(time) ? `${dayLabel(time)} (${byTime.get(time)})` : dayLabel(time))}
              />
            </>
          );
        }}
      </AsyncBlock>
    </section>
  );
}
