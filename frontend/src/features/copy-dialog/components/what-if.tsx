import { useApi } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';
import { formatMoney } from '../../../lib/money';
import { Sparkline } from '../../../components/market/sparkline';

/** How far back the "what if" of the summary looks (GET traders/:id/simulate, product.md §12.2). */
const SIMULATION_DAYS = 90;

/**
 * "What if": the copy replayed on the trader's last 90 days with this amount and stop loss, by the same rules as live
 * copying (the API's simulation): the equity curve, where it ends, the profit share paid and the worst drawdown.
 */
export function WhatIf({ traderId, amount, stopLossPct }: { traderId: string; amount: string; stopLossPct: number | null }) {
  // the day, not the instant, so the key (and SWR's cache) holds while the dialog is open
  const from = new Date(Math.floor(Date.now() / 86_400_000 - SIMULATION_DAYS + 1) * 86_400_000).toISOString();
  const { data, error } = useApi(traderKeys.simulate(traderId, { amount, from, ...(stopLossPct !== null ? { stopLossPct } : {}) }));
  if (error) return <p className="muted small">The simulation is not available right now.</p>;
  if (!data) return <p className="muted small" aria-busy="true">Simulating the last {SIMULATION_DAYS} days…</p>;
  const values = data.points.map((p) => Number(p.equity));
  return (
    <section className="stack" aria-labelledby="what-if-title">
      <h3 id="what-if-title">What if you had copied for the last {SIMULATION_DAYS} days</h3>
      <Sparkline values={values} width={280} height={56} label={`Simulated equity from ${formatMoney(amount)} to ${formatMoney(data.finalEquity)}`} />
      <dl className="stat-grid">
        <div>
          <dt>Would be worth</dt>
          <dd>{formatMoney(data.finalEquity)}</dd>
        </div>
        <div>
          <dt>Profit share paid</dt>
          <dd>{formatMoney(data.feesPaid)}</dd>
        </div>
        <div>
          <dt>Worst drawdown</dt>
          <dd>{data.maxDrawdownPct.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>Trades copied</dt>
          <dd>{data.trades}</dd>
        </div>
      </dl>
      <p className="muted small">
        {data.stopReason ? `Your stop loss would have ended the copy on ${new Date(data.stoppedAt ?? '').toLocaleDateString()}. ` : ''}
        Computed from the trader&apos;s recorded trades by the same rules as live copying. Past results do not promise future ones.
      </p>
    </section>
  );
}
