import { Link, useParams } from 'react-router-dom';
import { useInstruments } from '../../../lib/market-instruments';
import { changeSince, useMarketStream } from '../../../lib/market-stream';
import { formatPrice } from '../../../lib/money';
import { LiveChart } from '../../../components/market/live-chart';
import { LiveStatus } from '../../../components/market/live-status';
import { LoadingState } from '../../../components/ui/states';
import { NotFound } from '../../../components/errors/not-found';
import { useSession } from '../../../lib/auth-session';
import { sessionText, useDayCandles } from './markets-page';
import { WatchStar } from './watch-star';
import { AlertsPanel } from './alerts-panel';

/** `/markets/:symbol`: live bid/ask and change today over a candlestick chart with interval buttons; signed in, the watchlist star and my price alerts on it. */
export function MarketDetail() {
  const { symbol = '' } = useParams();
  const { data, error } = useInstruments();
  const { quotes, status } = useMarketStream();
  const signedIn = useSession().isLoggedIn;
  const day = useDayCandles(symbol.toUpperCase()).data?.candles ?? [];
  if (!data && !error) return <LoadingState label="Loading the instrument" />;
  const instrument = data?.find((i) => i.symbol === symbol.toUpperCase());
  if (!instrument) return <NotFound />;
  const q = quotes[instrument.symbol] ?? instrument.quote;
  const change = changeSince(instrument.dayOpen, q);
  return (
    <section className="container section">
      <p className="small">
        <Link to="/markets">← Markets</Link>
      </p>
      <header className="page-head">
        <h1>
          {instrument.symbol} <span className="muted small">{instrument.name}</span> {signedIn && <WatchStar symbol={instrument.symbol} />}
        </h1>
        <LiveStatus status={status} />
      </header>
      <div className={`quote-pair ${status !== 'live' ? 'is-stale' : ''}`} data-testid="live-quote">
        <span>
          Bid <strong>{q ? formatPrice(q.bid, instrument.priceDecimals) : '—'}</strong>
        </span>
        <span>
          Ask <strong>{q ? formatPrice(q.ask, instrument.priceDecimals) : '—'}</strong>
        </span>
        <span className={change === null ? 'muted' : change >= 0 ? 'up' : 'down'}>{change === null ? '—' : `${change >= 0 ? '+' : ''}${change.toFixed(2)}% today`}</span>
        <span className="muted">{instrument.market} · {sessionText(instrument)}</span>
      </div>
      {day.length > 0 && (
        <p className="quote-pair" data-testid="day-range">
          <span>
            24 h high <strong>{formatPrice(String(Math.max(...day.map((c) => Number(c.high)))), instrument.priceDecimals)}</strong>
          </span>
          <span>
            24 h low <strong>{formatPrice(String(Math.min(...day.map((c) => Number(c.low)))), instrument.priceDecimals)}</strong>
          </span>
        </p>
      )}
      <LiveChart symbol={instrument.symbol} />
      {signedIn && <AlertsPanel instrument={instrument} quote={q ?? null} />}
    </section>
  );
}
