/**
 * Money is carried as integer cents in a JS number (safe up to 2^53 − 1 cents, ~90 trillion USD,
 * far above MAX_AMOUNT_CENTS) and as a decimal string with exactly two places on the wire.
 * Parsing never goes through floating point: the string is split and its digits are read as integers.
 */
export type Cents = number;

/** The largest amount a single request may carry: 10,000,000.00 USD. */
export const MAX_AMOUNT_CENTS: Cents = 1_000_000_000;

/**
 * The most a user account (cash, held, one copy's equity) may hold: 1,000,000,000.00 USD, about 1/90,000 of
 * the safe-integer range, so sums over many accounts stay exact too. PostgreSQL enforces it (CHECK
 * ledger_accounts_max_balance): a settlement, deposit, adjustment or transfer that would pass it is refused
 * (422 WALLET.BALANCE_LIMIT) and writes nothing.
 */
export const MAX_BALANCE_CENTS: Cents = 100_000_000_000;

/** Cents read for display: a number while it is a safe integer, a bigint past it (never an error). */
export type StoredCents = Cents | bigint;

/** The wire form of an amount: digits without a leading zero, at most 2 decimals. Declared as the `pattern` of every amount in the OpenAPI document. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(?:\.(\d{1,2}))?$/;

export class MoneyFormatError extends Error {}

/** Parses "12", "12.5" or "12.50" into cents. Signs, exponents, spaces and >2 decimals are refused. */
export function parseAmount(input: string): Cents {
  if (typeof input !== 'string') throw new MoneyFormatError('amount must be a decimal string');
  const match = AMOUNT_PATTERN.exec(input);
  if (!match) throw new MoneyFormatError('amount must be a decimal string with at most 2 decimals');
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) throw new MoneyFormatError('amount is too large');
  return cents;
}

/** Is this string a well-formed, positive amount no larger than `max` cents? */
export function isValidAmount(input: unknown, max: Cents = MAX_AMOUNT_CENTS): boolean {
  if (typeof input !== 'string') return false;
  try {
    const cents = parseAmount(input);
    return cents > 0 && cents <= max;
  } catch {
    return false;
  }
}

/** Formats cents as "1250.50" (and "-3.07" for negatives). */
export function formatCents(cents: Cents | bigint | string): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** Converts a value read from a PostgreSQL bigint column (string or number) to cents, refusing unsafe values. */
export function toCents(value: string | number | bigint | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new MoneyFormatError(`not a safe integer amount of cents: ${String(value)}`);
  return n;
}

/**
 * Reads a stored bigint value (string, number or bigint) for display, exactly and without throwing: a value
 * older than the balance limit may lie past 2^53 and is then kept as a bigint (formatCents takes both).
 */
export function storedCents(value: string | number | bigint | null | undefined): StoredCents {
  if (value === null || value === undefined) return 0;
  const big = BigInt(value);
  const n = Number(big);
  return Number.isSafeInteger(n) ? n : big;
}

/** Integer division rounded toward zero, for PnL in cents (never rounds a loss up or a gain up). */
export function divTowardZero(numerator: bigint, denominator: bigint): bigint {
  return numerator / denominator; // BigInt division truncates toward zero
}
