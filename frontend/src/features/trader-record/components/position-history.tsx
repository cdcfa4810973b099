import { Button } from '../../../components/ui/button';
import { useState } from 'react';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { Percent, Price } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/money';
import { useTraderTrades, type PublicTrade, type TradeStatus } from '../api/get-trader-trades';

/** A price with the decimals the API gave it (at least 2): "1.0851", "64,250.50". */

/** "3 d 4 h", "2 h 15 min", "45 min", "30 s": how long a trade was (or has been) held. */
export function formatHolding(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return h ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return `${m} min`;
  return `${seconds} s`;
}

const REASONS: Record<string, string> = { manual: 'By the trader', stop_loss: 'Stop loss', take_profit: 'Take profit' };

const columns = (status: TradeStatus): Column<PublicTrade>[] => [
  { header: 'Symbol', cell: (x) => x.symbol },
  { header: 'Side', className: 'cap', cell: (x) => x.side },
  { header: 'Allocation', title: "The share of a copier's free equity the trade took", cell: (x) => `${x.allocationPct}%` },
  { header: 'Entry', cell: (x) => <Price value={x.entryPrice} /> },
  ...(status === 'closed'
    ? [
        { header: 'Exit', cell: (x: PublicTrade) => <Price value={x.exitPrice} /> },
        { header: 'Closed', cell: (x: PublicTrade) => formatDate(x.closedAt) },
        { header: 'Held', cell: (x: PublicTrade) => formatHolding(x.holdingSeconds) },
        { header: 'PnL', cell: (x: PublicTrade) => <Percent value={x.pnlPct} /> },
        { header: 'Reason', cell: (x: PublicTrade) => (x.closeReason ? (REASONS[x.closeReason] ?? x.closeReason) : '—') },
      ]
    : [
        { header: 'Opened', cell: (x: PublicTrade) => formatDate(x.openedAt) },
        { header: 'Held', cell: (x: PublicTrade) => formatHolding(x.holdingSeconds) },
        { header: 'PnL at the market', cell: (x: PublicTrade) => (x.pnlPct === null ? <span className="muted">no live price</span> : <Percent value={x.pnlPct} />) },
      ]),
];

/**
 * The trader page's position history (GET traders/:id/trades): closed or open trades, newest first, with entry,
 * exit, allocation, holding time and pnl %; never a money size.
 */
export function PositionHistorySection({ traderId }: { traderId: string }) {
  const [status, setStatus] = useState<TradeStatus>('closed');
  const [page, setPage] = useState(1);
  const { trades, error, isLoading, mutate } = useTraderTrades(traderId, status, page);
  const show = (next: TradeStatus) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <section className="card" aria-labelledby="history-title">
      <div className="perf-head">
        <h2 id="history-title">Position history</h2>
        <div className="chart-toolbar" role="group" aria-label="Positions shown">
          {(['closed', 'open'] as const).map((s) => (
            <Button key={s} variant="outline" size="sm" aria-pressed={s === status} onClick={() => show(s)}>
              {s === 'closed' ? 'Closed' : 'Open'}
            </Button>
          ))}
        </div>
      </div>
      <DataTable
        label={status === 'closed' ? 'Closed positions' : 'Open trades'}
        columns={columns(status)}
        rows={trades?.items}
        rowKey={(x) => x.id}
        error={error}
        isLoading={isLoading && !trades}
        onRetry={() => void mutate()}
        loadingLabel="Loading the position history"
        empty={<EmptyState title={status === 'closed' ? 'No closed trades yet' : 'No open trades'} />}
        page={page}
        pages={pageCount(trades, 10)}
        onPage={setPage}
        pagerLabel="Position history pages"
      />
    </section>
  );
}
