import { marketKeys } from '../../../lib/query-keys';
import { Link } from 'react-router-dom';
import { useApi } from '../../../lib/api';
import { useInstruments, type Instrument } from '../../../lib/market-instruments';
import { changeSince, useMarketStream, type LiveQuote } from '../../../lib/market-stream';
import { formatPrice, formatTimeLeft } from '../../../lib/money';
import { Sparkline } from '../../../components/market/sparkline';
import { LiveStatus } from '../../../components/market/live-status';
import { AsyncBlock } from '../../../components/ui/states';
import { useSession } from '../../../lib/auth-session';
import { WatchStar } from './watch-star';
import { WatchlistPanel } from './watchlist-panel';

const MARKETS = ['Crypto', 'Forex', 'Stocks'] as const;

export function sessionText(i: Pick<Instrument, 'open' | 'nextOpen'>, now = Date.now()): string {
  if (i.open) return 'Open';
  if (!i.nextOpen) return 'Closed';
  const when = formatTimeLeft(i.nextOpen, now);
  return when === null ? 'Opening' : `Closed · opens in ${when}`;
}

/** The last 24 hourly candles of a symbol (the sparkline's and the detail page's 24 h high/low). */
export function useDayCandles(symbol: string) {
  return useApi(marketKeys.candles(symbol, '1h', 24));
}

function DaySparkline({ symbol }: { symbol: string }) {
  const { data } = useDayCandles(symbol);
  return <Sparkline values={(data?.candles ?? []).map((c) => Number(c.close))} label={`${symbol}, last 24 hours`} />;
}

function Row({ instrument: i, live, stale, signedIn }: { instrument: Instrument; live?: LiveQuote; stale: boolean; signedIn: boolean }) {
  const q = live ?? i.quote;
  const change = changeSince(i.dayOpen, q);
  return (
    <tr data-symbol={i.symbol} className={stale ? 'is-stale' : undefined}>
      <td>
        <div className="instrument-cell">
          {signedIn && <WatchStar symbol={i.symbol} />}
          <div>
            <Link to={`/markets/${i.symbol}`}>
              <strong>{i.symbol}</strong>
            </Link>
            <div className="muted small">{i.name}</div>
          </div>
        </div>
      </td>
      <td data-testid={`bid-${i.symbol}`}>{q ? formatPrice(q.bid, i.priceDecimals) : '—'}</td>
      <td>{q ? formatPrice(q.ask, i.priceDecimals) : '—'}</td>
      <td className={change === null ? 'muted' : change >= 0 ? 'up' : 'down'}>{change === null ? '—' : `${change >= 0 ? '+' : ''}${change.toFixed(2)}%`}</td>
      <td className="hide-phone">{sessionText(i)}</td>
      <td className="hide-phone">
        <DaySparkline symbol={i.symbol} />
      </td>
    </tr>
  );
}

/**
 * `/markets`: every instrument grouped by market, live bid/ask and change today, session and sparkline; signed in,
 * a star on each row and my watchlist above them.
 */
export function MarketsPage() {
  const result = useInstruments();
  const signedIn = useSession().isLoggedIn;
  const { quotes, status } = useMarketStream();
  return (
    <section className="container section">
      <header className="page-head">
        <h1>Markets</h1>
        <LiveStatus status={status} />
      </header>
      <AsyncBlock data={result.data} error={result.error} isLoading={result.isLoading} onRetry={() => void result.mutate()} isEmpty={(d) => d.length === 0} loadingLabel="Loading markets">
        {(instruments) => (
          <>
            {signedIn && <WatchlistPanel instruments={instruments} quotes={quotes} stale={status !== 'live'} />}
            {MARKETS.map((market) => {
            const rows = instruments.filter((i) => i.market === market);
            if (!rows.length) return null;
            return (
              <section key={market} className="markets-group" aria-labelledby={`m-${market}`}>
                <h2 id={`m-${market}`}>{market}</h2>
                <div className="markets-scroll" tabIndex={0} role="region" aria-label={`${market} prices`}>
                  <table className="markets-table" aria-label={`${market} instruments`}>
                    <thead>
                      <tr>
                        <th scope="col">Instrument</th>
                        <th scope="col">Bid</th>
                        <th scope="col">Ask</th>
                        <th scope="col">Today</th>
                        <th scope="col" className="hide-phone">Session</th>
                        <th scope="col" className="hide-phone">24 h</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((i) => (
                        <Row key={i.symbol} instrument={i} live={quotes[i.symbol]} stale={status !== 'live'} signedIn={signedIn} />
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            );
            })}
          </>
        )}
      </AsyncBlock>
    </section>
  );
}
