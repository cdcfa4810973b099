import { amountError, formatMoney, toCents } from './money';

describe('money on the wire (decimal strings, never floats)', () => {
  it('formats with a $ sign, grouping and 2 decimals', () => {
    expect(formatMoney('1250.5')).toBe('$1,250.50');
    expect(formatMoney('1250.50')).toBe('$1,250.50');
    expect(formatMoney('-3')).toBe('-$3.00');
    expect(formatMoney('0.1', { signed: true })).toBe('+$0.10');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney('90071992547409.93')).toBe('$90,071,992,547,409.93');
  });

  it('compares through integer cents', () => {
    expect(toCents('0.29')).toBe(29n);
    expect(toCents('10')).toBe(1000n);
    expect(amountError('9.99', '10.00')).toBe('The minimum is $10.00');
    expect(amountError('10.00', '10.00')).toBeUndefined();
    expect(amountError('1.234')).toMatch(/like 100/);
    expect(amountError('')).toBe('Enter an amount');
  });
});
