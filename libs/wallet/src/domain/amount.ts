import { DomainError, MAX_AMOUNT_CENTS, formatCents, isValidAmount, parseAmount, type Cents } from '@mirrorline/shared';

export const AMOUNT_RULE = `a positive decimal string with at most 2 decimals, no larger than ${formatCents(MAX_AMOUNT_CENTS)}`;

/**
 * Amounts of deposits and withdrawals: strings only ("1250.50"), never numbers, so that no float
 * ever rounds a cent away; positive; at most 2 decimals; at most MAX_AMOUNT_CENTS per request.
 */
export function parseRequestAmount(input: unknown, field = 'amount'): Cents {
  if (!isValidAmount(input)) {
    throw new DomainError('VALIDATION_FAILED', `${field} must be ${AMOUNT_RULE}`, 'validation', {
      errors: { [field]: [`${field} must be ${AMOUNT_RULE}`] },
    });
  }
  return parseAmount(input as string);
}

export const MAX_DESTINATION_LENGTH = 200;

/** A withdrawal destination (IBAN, wallet address, …): non-empty, at most 200 characters, not just spaces. */
export function parseDestination(input: unknown): string {
  if (typeof input !== 'string' || input.trim().length === 0 || input.length > MAX_DESTINATION_LENGTH) {
    const message = `destination must be a non-empty string of at most ${MAX_DESTINATION_LENGTH} characters`;
    throw new DomainError('VALIDATION_FAILED', message, 'validation', { errors: { destination: [message] } });
  }
  return input;
}
