import type { Instrument } from '../../../lib/market-instruments';
import { changeSince, type LiveQuote } from '../../../lib/market-stream';
import { formatPrice } from '../../../lib/money';

/** A quote's bid or ask in the instrument's decimals (the live one, else the listed one; none: "—"). */
export function QuoteSide({ instrument: i, quote, side }: { instrument: Instrument; quote?: LiveQuote; side: 'bid' | 'ask' }) {
  const q = quote ?? i.quote;
  return <>{q ? formatPrice(q[side], i.priceDecimals) : '—'}</>;
}

/** The change since today's open, signed, green or red ("—" before the first quote). */
export function ChangeToday({ instrument: i, quote }: { instrument: Instrument; quote?: LiveQuote }) {
  const change = changeSince(i.dayOpen, quote ?? i.quote);
  if (change === null) return <span className="muted">—</span>;
  return <span className={change >= 0 ? 'up' : 'down'}>{`${change >= 0 ? '+' : ''}${change.toFixed(2)}%`}</span>;
}
