import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PnlChart } from '../../../components/ui/pnl-chart';
import { Percent } from '../../../components/ui/money';
import { Money } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDay } from '../../../lib/money';
import { useTrader } from '../api/get-trader';
import { CopyTraderForm } from './copy-trader-form';
import { TraderAvatar } from './trader-avatar';
import { DataTable, type Column } from '../../../components/ui/data-table';
import type { RecentTrade } from '../api/types';

const RECENT_COLUMNS: Column<RecentTrade>[] = [
  { header: 'Market', cell: (r) => r.market },
  { header: 'Pair', cell: (r) => r.pair },
  { header: 'Side', className: 'cap', cell: (r) => r.side },
  { header: 'PnL', cell: (r) => <Percent value={r.pnlPct} /> },
  { header: 'Closed', cell: (r) => formatDate(r.closedAt) },
];

/** GET traders/:id answered 404 (no such trader) or 400 (not an id): nothing to retry. */
export const traderNotFound = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

function focusCopyPanel(behavior: ScrollBehavior): void {
  const panel = document.getElementById('copy');
  panel?.scrollIntoView?.({ behavior, block: 'start' });
  panel?.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
}

/**
 * `copyPanel`: what the side shows instead of the plain copy form (the app composes the copy dialog);
 * `performance`: the charts under the stats (the app composes the trader-performance feature).
 */
export function TraderDetails({
  copyPanel,
  performance,
}: {
  copyPanel?: (t: { id: string; name: string; share: number }) => ReactNode;
  performance?: (t: { id: string; name: string; historyStart: string | null }) => ReactNode;
} = {}) {
  const { id } = useParams();
  const { trader, error, isLoading, mutate } = useTrader(id);
  const { hash } = useLocation();
  const loaded = Boolean(trader);
  // "Copy" on a trader card links to …#copy: once the profile is in, the copy panel is brought into view and focused.
  useEffect(() => {
    if (loaded && hash === '#copy') focusCopyPanel('auto');
  }, [loaded, hash]);
  if (traderNotFound(error)) {
    return (
      <div className="container page">
        <h1>Trader not found</h1>
        <EmptyState title="No trader has this address">
          <Link to="/traders">Back to all traders</Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="container page">
      <p>
        <Link to="/traders">← All traders</Link>
      </p>
      <AsyncBlock data={trader} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading trader">
        {(t) => (
          <div className="trader-details">
            <div className="trader-details__main">
              <header className="trader-details__head">
                <TraderAvatar name={t.name} image={t.image} size={72} />
                <div>
                  <h1>{t.name}</h1>
                  <span className="badge badge--blue">{t.traderType || 'Trader'}</span>
                  {t.full && <span className="badge badge--amber" data-testid="badge-full">Full</span>}
                </div>
              </header>
              {t.description && <p className="lead">{t.description}</p>}
              <dl className="stats stats--4 card">
                {t.newTrader ? (
                  <div><dt>Track record</dt><dd>New trader</dd></div>
                ) : (
                  <>
                    <div><dt>Accuracy</dt><dd>{t.tradingAccuracy.toFixed(0)}%</dd></div>
                    <div><dt>ROI 30 days</dt><dd><Percent value={t.roi30d} /></dd></div>
                  </>
                )}
                {t.riskScore !== null && <div><dt>Risk score</dt><dd data-testid="risk-score">{t.riskScore}/10</dd></div>}
                <div><dt>Max drawdown</dt><dd><Percent value={t.maxDrawdown === null ? null : -Math.abs(t.maxDrawdown)} /></dd></div>
                <div><dt>Followers</dt><dd>{t.followers}</dd></div>
                <div><dt>Profit share</dt><dd>{t.share}%</dd></div>
                {t.minCopyAmount && <div><dt>Minimum copy</dt><dd data-testid="min-copy"><Money value={t.minCopyAmount} /></dd></div>}
                {typeof t.daysTrading === 'number' && <div><dt>Days trading</dt><dd>{t.daysTrading}{t.historyStart ? ` (since ${formatDay(t.historyStart)})` : ''}</dd></div>}
                {t.closedTrades !== null && <div><dt>Closed trades</dt><dd>{t.closedTrades}</dd></div>}
                {typeof t.openTrades === 'number' && <div><dt>Open trades</dt><dd data-testid="open-trades">{t.openTrades}</dd></div>}
                {t.openTrades > 0 && <div><dt>Open P&amp;L</dt><dd data-testid="open-pnl"><Percent value={t.openPnlPct} /></dd></div>}
                {t.assetsCopying !== null && <div><dt>Copied equity</dt><dd><Money value={t.assetsCopying} /></dd></div>}
              </dl>
              <p className="small muted">
                The statistics count open trades at the current market price: an open trade at a loss counts as a losing trade, and in
                ROI and drawdown, until it closes.
              </p>
              {performance?.({ id: String(t.id || id || ''), name: t.name, historyStart: t.historyStart ?? null })}
              <section className="card">
                <h2>Daily PnL, last ten days</h2>
                <PnlChart labels={t.dayLabels} values={t.dailyPnls} height={160} title={`${t.name}: daily PnL, last ten days`} />
              </section>
              <section className="card">
                <h2>Strategy</h2>
                {t.strategySummary && <p><strong>{t.strategySummary}</strong></p>}
                <p className="pre-line">{t.strategyExplanation || 'This trader has not described their strategy yet.'}</p>
              </section>
              <section className="card">
                <h2>Recent trades</h2>
                <DataTable
                  label="Recent trades"
                  columns={RECENT_COLUMNS}
                  rows={t.recentTrades}
                  rowKey={(r, i) => r.id || String(i)}
                  empty={<EmptyState title="No closed trades yet" />}
                />
              </section>
            </div>
            <aside className="trader-details__side" id="copy">
              {copyPanel ? copyPanel({ id: String(t.id), name: t.name, share: t.share }) : <CopyTraderForm traderId={String(t.id)} traderName={t.name} />}
            </aside>
            {/* on a phone the form is below the profile: a button stays at the bottom of the screen to reach it */}
            <a
              href="#copy"
              className="btn btn--primary sticky-copy"
              onClick={(e) => {
                e.preventDefault();
                focusCopyPanel('smooth');
              }}
            >
              Copy {t.name}
            </a>
          </div>
        )}
      </AsyncBlock>
    </div>
  );
}
