import { formatMoney, formatPercent, formatPrice, signOf } from '../../lib/money';

type Value = string | number | null | undefined;

function tone(value: Value, colored: boolean): string {
  if (!colored) return '';
  const s = signOf(value);
  return s > 0 ? 'pos' : s < 0 ? 'neg' : '';
}

/** Money "$1,234.56"; `signed` adds "+" to gains, `colored` paints gains green and losses red (PnL). */
export function Money({ value, signed = false, colored = false }: { value: Value; signed?: boolean; colored?: boolean }) {
  return <span className={`money ${tone(value, colored)}`.trim()}>{formatMoney(value, { signed })}</span>;
}

/** PnL: always signed and coloured. */
export function Pnl({ value }: { value: Value }) {
  return <Money value={value} signed colored />;
}

/** A percent with 2 decimals, signed and coloured by default. */
export function Percent({ value, signed = true, colored = true }: { value: Value; signed?: boolean; colored?: boolean }) {
  return <span className={`percent ${tone(value, colored)}`.trim()}>{formatPercent(value, { signed })}</span>;
}

/** A price with the instrument's decimals and thousands separators. */
export function Price({ value, decimals }: { value: Value; decimals?: number }) {
  return <span className="price">{formatPrice(value, decimals)}</span>;
}
