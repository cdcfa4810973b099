/**
 * Money on the wire is a 2-decimal string ("1250.50"). It is displayed by string formatting and
 * compared through integer cents (bigint); it is never parsed to a float.
 */
import { matchesPattern, rule } from './input-rules';

/** The API's form of an amount (its OpenAPI pattern): typed text is tested once its separators are gone. */
const AMOUNT = rule('DepositRequestDto', 'amount');
/** The least amount that starts a copy (the API's x-minimum-amount of POST /copies). */
export const MIN_COPY = rule('FollowTraderDto', 'amount')['x-minimum-amount']!;
/** "1,234.56" as people type it: groups of three after the first, or no separators at all. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/** A typed amount without its thousands separators ("1,234.5" → "1234.5"); other text is kept as typed. */
export function parseAmountInput(value: string): string {
  const v = value.trim().replace(/[\s\u00a0]/g, '').replace(/^\$/, '');
  return GROUPED.test(v) ? v.replace(/,/g, '') : v;
}

export function isAmount(value: string): boolean {
  return matchesPattern(AMOUNT, parseAmountInput(value));
}

/**
 * Cents of a decimal string or number, or null when it is not one. More than two decimals round half
 * away from zero, so rounding noise ("-0.004", 0.1 + 0.2) never shows as "-$0.00" or loses a cent.
 */
export function toCents(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const rounded = BigInt(Math.round(Math.abs(value) * 100));
    return value < 0 && rounded > 0n ? -rounded : rounded;
  }
  const s = String(value).trim();
  const m = /^([-+])?(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = m[3] ?? '';
  let cents = BigInt(m[2]) * 100n + BigInt(frac.slice(0, 2).padEnd(2, '0'));
  if (frac.length > 2 && frac.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  return m[1] === '-' && cents > 0n ? -cents : cents;
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

/** Percent strings like "3.5" or numbers, shown with 2 decimals and a sign when asked ("-0.001" → "0.00%"). */
export function formatPercent(value: string | number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '—';
  const fixed = Math.abs(n).toFixed(2);
  const zero = Number(fixed) === 0;
  const sign = zero ? '' : n < 0 ? '-' : options.signed ? '+' : '';
  return `${sign}${groupThousands(fixed.split('.')[0])}.${fixed.split('.')[1]}%`;
}

/** The decimals a price string was sent with, at least 2 ("1.08412" → 5, "77633.9" → 2): the API sends the instrument's. */
export function priceDecimals(value: string | number | null | undefined): number {
  return Math.max(2, typeof value === 'string' ? (value.split('.')[1]?.length ?? 0) : 0);
}

/**
 * A price with the instrument's decimals (by default those it was sent with, at least 2) and thousands separators:
 * "64250.5" with 2 → "64,250.50"; "1.08412" with 5 → "1.08412". Decimal strings are rounded as strings, never
 * through a float.
 */
export function formatPrice(value: string | number | null | undefined, decimals = priceDecimals(value)): string {
  if (value === null || value === undefined || value === '') return '—';
  const s = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(Math.min(20, decimals + 2)) : '') : String(value).trim();
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return '—';
  const d = Math.max(0, Math.min(12, Math.trunc(decimals)));
  const frac = m[3] ?? '';
  let units = BigInt(m[2] + frac.slice(0, d).padEnd(d, '0'));
  if (frac.length > d && frac.charCodeAt(d) >= 53) units += 1n;
  const digits = units.toString().padStart(d + 1, '0');
  const whole = digits.slice(0, digits.length - d);
  const rest = d > 0 ? `.${digits.slice(digits.length - d)}` : '';
  return `${m[1] && units > 0n ? '-' : ''}${groupThousands(whole)}${rest}`;
}

/** The sign of a value as shown with 2 decimals: rounding noise under half a cent (or 0.005%) is 0. */
export function signOf(value: string | number | null | undefined): -1 | 0 | 1 {
  const cents = toCents(typeof value === 'string' ? value.trim() : value);
  if (cents === null) return 0;
  return cents > 0n ? 1 : cents < 0n ? -1 : 0;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A day as people write it: "Oct 29, 2026" (UTC, so a day means the same everywhere); "—" when not a date. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The time left until `at`, as a person says it: "23 h 12 min", "12 min", "less than a minute"; null once it is
 * past (or not a date). For waiting periods the API states as a moment (a withdrawal address's `usableAt`).
 */
export function formatTimeLeft(at: string, now: number = Date.now()): string | null {
  const ms = new Date(at).getTime() - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  // Past two days the minutes say nothing: "3 d 4 h" (a market closed over a weekend).
  if (hours >= 48) return hours % 24 === 0 ? `${hours / 24} d` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "40.5" → "40.50", "1,250" → "1250.00": the canonical wire form, by string/integer arithmetic. */
export function normalizeAmount(value: string): string {
  const v = parseAmountInput(value);
  const cents = toCents(v);
  return cents === null ? v : centsToString(cents);
}
