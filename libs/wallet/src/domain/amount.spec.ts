import { DomainError, MAX_AMOUNT_CENTS } from '@mirrorline/shared';
import { parseDestination, parseRequestAmount } from './amount';

describe('request amounts', () => {
  it.each([
    ['1250.50', 125050],
    ['0.01', 1],
    ['7', 700],
    ['10000000.00', MAX_AMOUNT_CENTS],
  ])('accepts %j as %i cents', (input, cents) => {
    expect(parseRequestAmount(input)).toBe(cents);
  });

  it.each([10, -1, '-1', '1e3', '1.234', '', '0', '0.00', '10000000.01', ' 1', null, undefined, {}, '1,5'])('refuses %j with a validation error', (input) => {
    const attempt = () => parseRequestAmount(input);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(/amount must be a positive decimal string with at most 2 decimals/);
  });
});

describe('withdrawal destinations', () => {
  it('accepts 1 to 200 characters', () => {
    expect(parseDestination('x')).toBe('x');
    expect(parseDestination('x'.repeat(200))).toHaveLength(200);
  });
  it.each(['', '   ', 'x'.repeat(201), 5, null])('refuses %j', (input) => {
    expect(() => parseDestination(input)).toThrow(/destination/);
  });
});
