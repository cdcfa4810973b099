/**
 * Money on the wire is a 2-decimal string ("1250.50"). It is displayed by string formatting and
 * compared through integer cents (bigint); it is never parsed to a float.
 */
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

export function isAmount(value: string): boolean {
  return AMOUNT.test(value.trim());
}

/** Cents of a non-negative or negative decimal string, or null when it is not one. */
export function toCents(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(s);
  if (!m) return null;
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1250.5" → "$1,250.50"; "-3" → "-$3.00"; missing → "$0.00". */
export function formatMoney(value: string | number | null | undefined, options: { signed?: boolean } = {}): string {
  const cents = toCents(value) ?? 0n;
  const s = centsToString(cents < 0n ? -cents : cents);
  const [whole, frac] = s.split('.');
  const sign = cents < 0n ? '-' : options.signed && cents > 0n ? '+' : '';
  return `${sign}$${groupThousands(whole)}.${frac}`;
}

/** Positive money amount at least `min` (a decimal string), e.g. for the copy minimum of 10.00. */
export function amountError(value: string, min = '0.01'): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter an amount';
  if (!isAmount(v)) return 'Enter an amount like 100 or 100.50';
  const cents = toCents(v)!;
  const minCents = toCents(min)!;
  if (cents < minCents) return `The minimum is ${formatMoney(min)}`;
  return undefined;
}

/** Percent strings like "3.5" or numbers, shown with 2 decimals and a sign when asked. */
export function formatPercent(value: string | number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '—';
  const sign = options.signed && n > 0 ? '+' : '';
  return `${sign}${n.toFixed(2)}%`;
}

export function signOf(value: string | number | null | undefined): -1 | 0 | 1 {
  if (value === null || value === undefined) return 0;
  const s = String(value).trim();
  if (s.startsWith('-')) return /[1-9]/.test(s) ? -1 : 0;
  return /[1-9]/.test(s) ? 1 : 0;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "40.5" → "40.50": the canonical wire form, by string/integer arithmetic. */
export function normalizeAmount(value: string): string {
  const cents = toCents(value.trim());
  return cents === null ? value.trim() : centsToString(cents);
}
