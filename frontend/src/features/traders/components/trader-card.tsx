import { Link } from 'react-router-dom';
import { PnlChart } from '../../../components/ui/pnl-chart';
import { Money, Percent } from '../../../components/ui/money';
import { Sparkline } from '../../../components/market/sparkline';
import { periodLabel, type Trader } from '../api/types';
import { formatDay, formatPercent, toCents } from '../../../lib/money';
import { TraderAvatar } from './trader-avatar';

/** Copy-ready: not full, and my cash covers the trader's minimum copy. */
export function isCopyReady(trader: Pick<Trader, 'full' | 'minCopyAmount'>, cash: string): boolean {
  const have = toCents(cash);
  const need = toCents(trader.minCopyAmount);
  return !trader.full && have !== null && need !== null && have >= need;
}

/** `cash`: the signed-in caller's cash (the "Copy-ready" badge); absent for a visitor. */
export function TraderCard({ trader, cash }: { trader: Trader; cash?: string }) {
  const label = periodLabel(trader, formatDay);
  return (
    <article className="card trader-card" aria-labelledby={`trader-${trader.id}-name`}>
      <header className="trader-card__head">
        <TraderAvatar name={trader.name} image={trader.image} />
        <div>
          <h3 id={`trader-${trader.id}-name`} className="trader-card__name">{trader.name}</h3>
          <span className="badge badge--blue">{trader.traderType || 'Trader'}</span>
          {trader.full && <span className="badge badge--amber" data-testid="badge-full" title={`${trader.copiers} of ${trader.maxCopiers} copiers: this trader takes no new copier`}>Full</span>}
          {cash !== undefined && isCopyReady(trader, cash) && (
            <span className="badge badge--green" data-testid="badge-copy-ready" title={`Your cash covers the minimum copy of ${trader.minCopyAmount}`}>Copy-ready</span>
          )}
        </div>
      </header>
      {trader.description && <p className="muted trader-card__desc">{trader.description}</p>}
      <dl className="stats stats--3">
        {trader.newTrader ? (
          <div>
            <dt>Track record</dt>
            <dd>New trader</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Accuracy</dt>
              <dd>{trader.tradingAccuracy.toFixed(0)}%</dd>
            </div>
            <div>
              <dt>ROI {label}</dt>
              <dd data-testid="period-roi"><Percent value={trader.roi} /></dd>
            </div>
            <div>
              <dt>Sharpe</dt>
              <dd>{trader.sharpe.toFixed(2)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Share</dt>
          <dd>{trader.share}%</dd>
        </div>
        {trader.riskScore !== null && (
          <div>
            <dt>Risk</dt>
            <dd data-testid="risk-score" className={trader.riskScore >= 7 ? 'down' : trader.riskScore <= 3 ? 'up' : undefined}>{trader.riskScore}/10</dd>
          </div>
        )}
        {typeof trader.openTrades === 'number' && (
          <div>
            <dt>Open trades</dt>
            <dd data-testid="open-trades">
              {trader.openTrades}
              {trader.openTrades > 0 && (
                <>
                  {' · '}
                  <span title="Unrealized return of the open trades at the market">
                    <Percent value={trader.openPnlPct} />
                  </span>
                </>
              )}
            </dd>
          </div>
        )}
        {trader.maxDrawdown !== null && (
          <div>
            <dt>Max drawdown</dt>
            <dd><Percent value={-Math.abs(trader.maxDrawdown)} /></dd>
          </div>
        )}
        {trader.assetsCopying !== null && (
          <div>
            <dt>AUM</dt>
            <dd><Money value={trader.assetsCopying} /></dd>
          </div>
        )}
        {trader.copiersPnl !== null && (
          <div>
            <dt>Copiers&apos; pnl</dt>
            <dd><Money value={trader.copiersPnl} signed colored /></dd>
          </div>
        )}
      </dl>
      {trader.equityCurve30d.length > 1 ? (
        <div className="trader-card__curve">
          <Sparkline
            values={[0, ...trader.equityCurve30d]}
            width={240}
            height={48}
            label={`${trader.name}: equity curve, last 30 days, ${formatPercent(trader.equityCurve30d[trader.equityCurve30d.length - 1], { signed: true })}`}
          />
          <span className="small muted">30-day equity</span>
        </div>
      ) : (
        <PnlChart labels={trader.dayLabels} values={trader.dailyPnls} compact title={`${trader.name}: daily PnL, last ten days`} height={56} />
      )}
      <footer className="trader-card__foot">
        <span className="muted small">
          {trader.copiers} {trader.copiers === 1 ? 'copier' : 'copiers'} · {trader.daysTrading} {trader.daysTrading === 1 ? 'day' : 'days'} trading
        </span>
        <Link to={`/traderinfo/${trader.id}`} className="btn btn--outline btn--sm" aria-label={`View profile of ${trader.name}`}>
          View profile
        </Link>
        <Link to={`/traderinfo/${trader.id}#copy`} className="btn btn--primary btn--sm" aria-label={`Copy ${trader.name}`}>
          Copy
        </Link>
      </footer>
    </article>
  );
}
