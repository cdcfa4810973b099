import { formatMoney, formatPercent, signOf } from '../../lib/money';

export function Money({ value, signed = false, colored = false }: { value: string | number | null | undefined; signed?: boolean; colored?: boolean }) {
  const s = signOf(value);
  const cls = colored ? (s > 0 ? 'pos' : s < 0 ? 'neg' : '') : '';
  return <span className={`money ${cls}`}>{formatMoney(value, { signed })}</span>;
}

export function Percent({ value, signed = true, colored = true }: { value: string | number | null | undefined; signed?: boolean; colored?: boolean }) {
  const s = signOf(value);
  const cls = colored ? (s > 0 ? 'pos' : s < 0 ? 'neg' : '') : '';
  return <span className={`percent ${cls}`}>{formatPercent(value, { signed })}</span>;
}
