import { LazySeriesChart } from '../../../components/charts/lazy-series-chart';
import { dayLabel, daySeconds } from '../../../components/charts/chart-days';
import { AsyncBlock } from '../../../components/ui/states';
import { useTraderRisk, type TraderRisk } from '../api/get-trader-risk';

const pct = (value: number): string => `${value.toFixed(2)}%`;

/** The score in words: which loss sets it, and what that loss means for a copier. */
export function riskExplanation(risk: TraderRisk): string[] {
  const history = risk.components.find((c) => c.name === 'history');
  const open = risk.components.find((c) => c.name === 'open');
  const decisive = risk.components.find((c) => c.weight === 1) ?? history;
  const lines = [
    `The score runs from 1 (calm) to 10 (wild). It is set by the larger of two estimates of a bad day: the loss a copier's equity would exceed on one day in twenty.`,
    `From the last 30 days' results: ${pct(history?.value ?? 0)} of the equity. From the trades open now (their size and how much their markets move in a day): ${pct(open?.value ?? 0)}.`,
  ];
  if (decisive && decisive.value > 0) {
    lines.push(
      decisive.name === 'open'
        ? `Today the open trades set the score: on a bad day, they alone could cost a copier about ${pct(decisive.value)}.`
        : `Today the recent results set the score: on a bad day, a copier could lose about ${pct(decisive.value)}.`,
    );
  } else {
    lines.push("Both estimates are below 0.01% of a copier's equity: the calmest score.");
  }
  return lines;
}

/** The trader page's risk score explained (GET traders/:id/risk): the two components in words and the 90-day history. */
export function RiskSection({ traderId, traderName }: { traderId: string; traderName: string }) {
  const { risk, error, isLoading, mutate } = useTraderRisk(traderId);
  return (
    <section className="card" aria-labelledby="risk-title">
      <h2 id="risk-title">Risk score</h2>
      <AsyncBlock data={risk} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading the risk score">
        {(r) => (
          <>
            <p className="risk-score-line">
              <strong data-testid="risk-score-value">{r.score}/10</strong>
            </p>
            <div data-testid="risk-explanation">
              {riskExplanation(r).map((line) => (
                <p key={line} className="small">{line}</p>
              ))}
            </div>
            <LazySeriesChart
              kind="line"
              decimals={0}
              height={160}
              label={`${traderName}: risk score, last 90 days`}
              points={r.history.map((p) => ({ time: daySeconds(p.date), value: p.score }))}
              format={(v) => `${v}/10`}
              rowLabel={dayLabel}
            />
          </>
        )}
      </AsyncBlock>
    </section>
  );
}
