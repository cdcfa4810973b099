import { randomInt } from 'node:crypto';

/**
 * A user's bank-transfer reference (product.md §12.6): "ML-" and two groups of four characters from an alphabet
 * without the look-alikes 0/O, 1/I/L, so it reads aloud and types back without mistakes. 31^8 ≈ 8.5 × 10^11
 * references, drawn with a CSPRNG: nobody guesses another user's reference from their own.
 */
export const DEPOSIT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const DEPOSIT_REFERENCE_PATTERN = /^ML-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

export function newDepositReference(draw: (max: number) => number = randomInt): string {
  const char = () => DEPOSIT_REFERENCE_ALPHABET[draw(DEPOSIT_REFERENCE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, char).join('');
  return `ML-${group()}-${group()}`;
}

/**
 * A reference as a bank statement or an admin may spell it ("ml 7kq2 9xf4", "ML7KQ29XF4") → its canonical form,
 * or null when it cannot be one.
 */
export function normalizeDepositReference(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/^ML/, '');
  const canonical = `ML-${compact.slice(0, 4)}-${compact.slice(4)}`;
  return DEPOSIT_REFERENCE_PATTERN.test(canonical) ? canonical : null;
}
