import { Link } from 'react-router-dom';
import type { Instrument } from '../../../lib/market-instruments';
import type { LiveQuote } from '../../../lib/market-stream';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/states';
import { useWatchlist } from '../api/watchlist';
import { WatchStar } from './watch-star';
import { ChangeToday, QuoteSide } from './quote-cells';

const columns = (quotes: Readonly<Record<string, LiveQuote>>): Column<Instrument>[] => [
  {
    header: 'Instrument',
    cell: (i) => (
      <Link to={`/markets/${i.symbol}`}>
        <strong>{i.symbol}</strong>
      </Link>
    ),
  },
  { header: 'Bid', testId: (i) => `watch-bid-${i.symbol}`, cell: (i) => <QuoteSide instrument={i} quote={quotes[i.symbol]} side="bid" /> },
  { header: 'Ask', cell: (i) => <QuoteSide instrument={i} quote={quotes[i.symbol]} side="ask" /> },
  { header: 'Today', cell: (i) => <ChangeToday instrument={i} quote={quotes[i.symbol]} /> },
  { header: 'Watch', hideHeader: true, cell: (i) => <WatchStar symbol={i.symbol} /> },
];

/** My watchlist on the markets page: the starred instruments in my order, with live bid, ask and change today. */
export function WatchlistPanel({ instruments, quotes, stale }: { instruments: readonly Instrument[]; quotes: Readonly<Record<string, LiveQuote>>; stale: boolean }) {
  const list = useWatchlist(true);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const rows = (list.data?.symbols ?? []).map((s) => bySymbol.get(s)).filter((i): i is Instrument => i !== undefined);
  return (
    <section className="card watchlist" aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">My watchlist</h2>
      <DataTable
        label="My watchlist"
        regionLabel="Watchlist prices"
        look="prices"
        columns={columns(quotes)}
        rows={list.data ? rows : undefined}
        rowKey={(i) => i.symbol}
        rowProps={(i) => ({ 'data-watch': i.symbol, className: stale ? 'is-stale' : undefined })}
        error={list.error}
        isLoading={list.isLoading}
        onRetry={() => void list.mutate()}
        loadingLabel="Loading your watchlist"
        empty={<EmptyState title="Nothing watched yet">Star an instrument below to follow its price here.</EmptyState>}
      />
    </section>
  );
}
