import { marketKeys } from '../../../lib/query-keys';
import { Link } from 'react-router-dom';
import { useApi } from '../../../lib/api';
import { useInstruments, type Instrument } from '../../../lib/market-instruments';
import { useMarketStream, type LiveQuote } from '../../../lib/market-stream';
import { formatTimeLeft } from '../../../lib/money';
import { Sparkline } from '../../../components/market/sparkline';
import { LiveStatus } from '../../../components/market/live-status';
import { AsyncBlock } from '../../../components/ui/states';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { ChangeToday, QuoteSide } from './quote-cells';
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

/** The headers of a market's table; each row is a `Row` (its sparkline reads its own candles). */
const COLUMNS: Column<Instrument>[] = [
  { header: 'Instrument' },
  { header: 'Bid' },
  { header: 'Ask' },
  { header: 'Today' },
  { header: 'Session', className: 'hide-phone' },
  { header: '24 h', className: 'hide-phone' },
];

function Row({ instrument: i, live, stale, signedIn }: { instrument: Instrument; live?: LiveQuote; stale: boolean; signedIn: boolean }) {
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
      <td data-testid={`bid-${i.symbol}`}>
        <QuoteSide instrument={i} quote={live} side="bid" />
      </td>
      <td>
        <QuoteSide instrument={i} quote={live} side="ask" />
      </td>
      <td>
        <ChangeToday instrument={i} quote={live} />
      </td>
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
                <DataTable
                  label={`${market} instruments`}
                  regionLabel={`${market} prices`}
                  look="prices"
                  columns={COLUMNS}
                  rows={rows}
                  rowKey={(i) => i.symbol}
                  renderRow={(i) => <Row instrument={i} live={quotes[i.symbol]} stale={status !== 'live'} signedIn={signedIn} />}
                />
              </section>
            );
            })}
          </>
        )}
      </AsyncBlock>
    </section>
  );
}
