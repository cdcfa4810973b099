import { LazySeriesChart } from '../../../components/charts/lazy-series-chart';
import { dayLabel, daySeconds } from '../../../components/charts/chart-days';
import { AsyncBlock } from '../../../components/ui/states';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/auth-session';
import { centsToString, formatMoney, toCents } from '../../../lib/money';


/**
 * The overview's equity chart: the settled equity (cash + held + copy equity) at the end of each of the last 90
 * days (GET wallet/equity), today's point at the live figure (copy equity marked to the market, GET wallet).
 */
export function EquityHistory() {
  const session = useSession();
  const history = useApi(session.isLoggedIn ? '/api/wallet/equity' : null);
  const wallet = useApi(session.isLoggedIn ? '/api/wallet' : null);
  const w = wallet.data;
  // exact in cents (never a float sum of money)
  const liveTotal = w ? centsToString([w.balance, w.held, w.liveTradingBalance ?? w.tradingBalance].reduce((sum, v) => sum + (toCents(v) ?? 0n), 0n)) : null;
  return (
    <section className="card" aria-labelledby="equity-history">
      <h2 id="equity-history">Equity, last 90 days</h2>
      <AsyncBlock data={history.data} error={history.error} isLoading={history.isLoading} onRetry={() => void history.mutate()} loadingLabel="Loading your equity">
        {(data) => {
          const points = data.items.map((p, i) => ({
            time: daySeconds(p.date),
            value: Number(i === data.items.length - 1 && liveTotal !== null ? liveTotal : p.equity),
          }));
          return (
            <LazySeriesChart
              kind="area"
              prefix="$"
              height={220}
              label="Your equity, last 90 days"
              points={points}
              format={(v) => formatMoney(v.toFixed(2))}
              rowLabel={dayLabel}
            />
          );
        }}
      </AsyncBlock>
    </section>
  );
}
