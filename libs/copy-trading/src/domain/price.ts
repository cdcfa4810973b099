/** Prices: exact decimals with at most 8 places, compared and divided as integers scaled by 10^8. */

/** Prices carry at most 8 decimals; they are compared and divided as integers scaled by 10^8. */
export const PRICE_SCALE = 100_000_000n;
/** The wire form of a price: digits without a leading zero, at most 8 decimals. Declared as the `pattern` of every price in the OpenAPI document. */
export const PRICE_PATTERN = /^(0|[1-9]\d{0,13})(?:\.(\d{1,8}))?$/;

export function isValidPrice(input: unknown): input is string {
  return typeof input === 'string' && PRICE_PATTERN.test(input) && scalePrice(input) > 0n;
}

/** "1.0850" → 108500000n (exact; no floating point). */
export function scalePrice(price: string): bigint {
  const match = PRICE_PATTERN.exec(price);
  if (!match) throw new RangeError(`not a price: ${price}`);
  return BigInt(match[1]) * PRICE_SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
}

export type TradeSide = 'buy' | 'sell';
