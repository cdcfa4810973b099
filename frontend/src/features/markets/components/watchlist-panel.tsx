import { Link } from 'react-router-dom';
import type { Instrument } from '../../../lib/market-instruments';
import { changeSince, type LiveQuote } from '../../../lib/market-stream';
import { formatPrice } from '../../../lib/money';
import { EmptyState, InlineError, LoadingState } from '../../../components/ui/states';
import { useWatchlist } from '../api/watchlist';
import { WatchStar } from './watch-star';

/** My watchlist on the markets page: the starred instruments in my order, with live bid, ask and change today. */
export function WatchlistPanel({ instruments, quotes, stale }: { instruments: readonly Instrument[]; quotes: Readonly<Record<string, LiveQuote>>; stale: boolean }) {
  const list = useWatchlist(true);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const rows = (list.data?.symbols ?? []).map((s) => bySymbol.get(s)).filter((i): i is Instrument => i !== undefined);
  return (
    <section className="card watchlist" aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">My watchlist</h2>
      {list.error ? (
        <InlineError error={list.error} onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <LoadingState label="Loading your watchlist" />
      ) : rows.length === 0 ? (
        <EmptyState title="Nothing watched yet">Star an instrument below to follow its price here.</EmptyState>
      ) : (
        <div className="markets-scroll" tabIndex={0} role="region" aria-label="Watchlist prices">
          <table className="markets-table" aria-label="My watchlist">
            <thead>
              <tr>
                <th scope="col">Instrument</th>
                <th scope="col">Bid</th>
                <th scope="col">Ask</th>
                <th scope="col">Today</th>
                <th scope="col">
                  <span className="visually-hidden">Watch</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => {
                const q = quotes[i.symbol] ?? i.quote;
                const change = changeSince(i.dayOpen, q);
                return (
                  <tr key={i.symbol} data-watch={i.symbol} className={stale ? 'is-stale' : undefined}>
                    <td>
                      <Link to={`/markets/${i.symbol}`}>
                        <strong>{i.symbol}</strong>
                      </Link>
                    </td>
                    <td data-testid={`watch-bid-${i.symbol}`}>{q ? formatPrice(q.bid, i.priceDecimals) : '—'}</td>
                    <td>{q ? formatPrice(q.ask, i.priceDecimals) : '—'}</td>
                    <td className={change === null ? 'muted' : change >= 0 ? 'up' : 'down'}>{change === null ? '—' : `${change >= 0 ? '+' : ''}${change.toFixed(2)}%`}</td>
                    <td>
                      <WatchStar symbol={i.symbol} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
