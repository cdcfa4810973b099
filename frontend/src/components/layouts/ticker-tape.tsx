import { Link } from 'react-router-dom';
import { useInstruments } from '../../lib/market-instruments';
import { changeSince, useMarketStream } from '../../lib/market-stream';
import { formatPrice } from '../../lib/money';

/**
 * The live ticker strip under the top bar: every instrument's price and change today from
 * `market/stream`. The scrolling track is decorative for screen readers (`aria-hidden`, never a live
 * region, so it does not flood or trap them); they get one link to the Markets page instead. The track
 * pauses on hover and on keyboard focus, and stands still with `prefers-reduced-motion`.
 */
export function TickerTape() {
  const { data: instruments } = useInstruments();
  const { quotes, status } = useMarketStream();
  if (!instruments?.length) return null;
  const items = (copy: string) => instruments.map((i) => {
    const q = quotes[i.symbol] ?? i.quote;
    const change = changeSince(i.dayOpen, q);
    const dir = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
    return (
      <li key={copy + i.symbol} className={`ticker__item ticker__item--${dir}`} data-symbol={i.symbol}>
        <span className="ticker__symbol">{i.symbol}</span>
        <span className="ticker__price">{q ? formatPrice(q.bid, i.priceDecimals) : '—'}</span>
        <span className="ticker__change">{change === null ? '' : `${change > 0 ? '▲' : change < 0 ? '▼' : ''}${Math.abs(change).toFixed(2)}%`}</span>
      </li>
    );
  });
  return (
    <section className="ticker" aria-label="Market ticker" data-status={status}>
      <Link to="/markets" className="visually-hidden">
        Live market prices
      </Link>
      <div className="ticker__viewport live-figure" aria-hidden="true">
        <ul className="ticker__track">
          {items('a')}
          {items('b')}
        </ul>
      </div>
    </section>
  );
}
