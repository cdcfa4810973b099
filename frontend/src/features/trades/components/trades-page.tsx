import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { Money, Percent } from '../../../components/ui/money';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/money';
import { useMyTrades } from '../api/get-trades';
import { Pager } from '../../../components/ui/pager';

export function TradesPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | 'open' | 'closed'>('');
  const { page: result, error, isLoading, mutate } = useMyTrades(page, status);
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 20))) : 1;
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>Trades</h1>
        <p className="muted">Positions copied into your account. Divergence is your result minus the trader’s, from sizing and rounding.</p>
      </header>
      <div className="toolbar">
        <SelectField
          label="Show"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as '' | 'open' | 'closed');
            setPage(1);
          }}
        >
          <option value="">All trades</option>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
        </SelectField>
      </div>
      <section className="card">
        <AsyncBlock
          data={result}
          error={error}
          isLoading={isLoading}
          onRetry={() => void mutate()}
          loadingLabel="Loading trades"
          isEmpty={(r) => r.items.length === 0}
          empty={
            <EmptyState title="No copied trades yet">
              Trades appear here when a trader you copy opens a position. <Link to="/traders">Find a trader</Link>
            </EmptyState>
          }
        >
          {(r) => (
            <>
              <div className="table-wrap">
                <table className="table" aria-label="Copied trades">
                  <thead>
                    <tr>
                      <th scope="col">Opened</th>
                      <th scope="col">Trader</th>
                      <th scope="col">Market</th>
                      <th scope="col">Pair</th>
                      <th scope="col">Side</th>
                      <th scope="col">Size</th>
                      <th scope="col">Entry</th>
                      <th scope="col">Exit</th>
                      <th scope="col">PnL</th>
                      <th scope="col">Divergence</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.items.map((t) => (
                      <tr key={t.id}>
                        <td>{formatDate(t.openedAt)}</td>
                        <td>{t.traderName || '—'}</td>
                        <td>{t.market}</td>
                        <td>{t.pair}</td>
                        <td className="cap">{t.side}</td>
                        <td><Money value={t.size} /></td>
                        <td>{t.entryPrice}</td>
                        <td>{t.exitPrice ?? '—'}</td>
                        <td>
                          {t.pnl === null ? '—' : <Money value={t.pnl} signed colored />}
                          {t.pnlPct !== null && <span className="small"> (<Percent value={t.pnlPct} />)</span>}
                        </td>
                        <td>{t.divergencePct === null ? '—' : <Percent value={t.divergencePct} />}</td>
                        <td><StatusBadge status={t.status} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager label="Trade pages" page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </AsyncBlock>
      </section>
    </div>
  );
}
