import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { Money, Percent, Price } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/states';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { formatDate } from '../../../lib/money';
import { useMyTrades } from '../api/get-trades';
import type { CopiedTrade } from '../api/get-trades';

const COLUMNS: Column<CopiedTrade>[] = [
  { header: 'Opened', cell: (t) => formatDate(t.openedAt) },
  { header: 'Trader', cell: (t) => t.traderName || '—' },
  { header: 'Market', cell: (t) => t.market },
  { header: 'Pair', cell: (t) => t.pair },
  { header: 'Side', className: 'cap', cell: (t) => t.side },
  { header: 'Size', cell: (t) => <Money value={t.size} /> },
  { header: 'Entry', cell: (t) => <Price value={t.entryPrice} /> },
  { header: 'Exit', cell: (t) => (t.exitPrice === null ? '—' : <Price value={t.exitPrice} />) },
  {
    header: 'PnL',
    cell: (t) => (
      <>
        {t.pnl === null ? '—' : <Money value={t.pnl} signed colored />}
        {t.pnlPct !== null && <span className="small"> (<Percent value={t.pnlPct} />)</span>}
      </>
    ),
  },
  { header: 'Divergence', cell: (t) => (t.divergencePct === null ? '—' : <Percent value={t.divergencePct} />) },
  { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
];

export function TradesPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | 'open' | 'closed'>('');
  const { page: result, error, isLoading, mutate } = useMyTrades(page, status);
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
        <DataTable
          label="Copied trades"
          columns={COLUMNS}
          rows={result?.items}
          rowKey={(t) => t.id}
          error={error}
          isLoading={isLoading}
          onRetry={() => void mutate()}
          loadingLabel="Loading trades"
          empty={
            <EmptyState title="No copied trades yet">
              Trades appear here when a trader you copy opens a position. <Link to="/traders">Find a trader</Link>
            </EmptyState>
          }
          page={page}
          pages={pageCount(result)}
          onPage={setPage}
          pagerLabel="Trade pages"
        />
      </section>
    </div>
  );
}
