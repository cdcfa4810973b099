import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useClosePosition } from '../api/close-position';
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

/** Open positions get a Close button (product.md §12.1): at the market, for me alone; the copy goes on. */
function columnsWithClose(onClose: (t: CopiedTrade) => void): Column<CopiedTrade>[] {
  return [
    ...COLUMNS,
    {
      header: 'Actions',
      hideHeader: true,
      className: 'actions',
      cell: (t) =>
        t.status === 'open' && (
          <Button writes size="sm" variant="danger" onClick={() => onClose(t)} aria-label={`Close the ${t.side} ${t.pair} position`}>
            Close
          </Button>
        ),
    },
  ];
}

export function TradesPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | 'open' | 'closed'>('');
  const { page: result, error, isLoading, mutate } = useMyTrades(page, status);
  const close = useClosePosition();
  const [closing, setClosing] = useState<CopiedTrade | null>(null);
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
          columns={columnsWithClose((t) => {
            close.newAttempt(); // a new position, a new Idempotency-Key
            setClosing(t);
          })}
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
      <ConfirmDialog
        open={closing !== null}
        title={closing ? `Close your ${closing.side} ${closing.pair} position?` : 'Close the position?'}
        confirmLabel="Close at the market"
        danger
        onConfirm={async () => {
          if (!closing) return;
          await close.trigger(closing.id);
          toast.success(`${closing.pair} position closed`);
        }}
        onClose={() => setClosing(null)}
      >
        <p>
          It closes now at the market price for you alone; pnl and profit share are settled as in any close. Your copy of{' '}
          {closing?.traderName || 'the trader'} goes on and keeps copying new trades.
        </p>
      </ConfirmDialog>
    </div>
  );
}
