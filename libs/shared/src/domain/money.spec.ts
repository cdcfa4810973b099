import { formatCents, isValidAmount, MAX_AMOUNT_CENTS, MoneyFormatError, parseAmount, storedCents, toCents } from './money';

describe('money', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1250.05', 125005],
    ['0.01', 1],
  ])('parses %s as %i cents', (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
  });

  it.each(['', ' 1', '1 ', '-1', '+1', '1.234', '1e3', '01', '.5', '5.', 'abc', '1,00', 'NaN', 'Infinity', '0x10'])(
    'refuses %j',
    (input) => {
      expect(() => parseAmount(input)).toThrow(MoneyFormatError);
    },
  );

  it('never uses floating point: 0.1 + 0.2 style sums stay exact', () => {
    expect(parseAmount('0.10') + parseAmount('0.20')).toBe(parseAmount('0.30'));
  });

  it('formats cents with two decimals, negatives included', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(125050)).toBe('1250.50');
    expect(formatCents(-307)).toBe('-3.07');
    expect(formatCents('9007199254740993')).toBe('90071992547409.93');
  });

  it('round-trips every formatted amount', () => {
    for (const cents of [1, 99, 100, 101, 123456789]) expect(parseAmount(formatCents(cents))).toBe(cents);
  });

  it('validates positive amounts up to the maximum', () => {
    expect(isValidAmount('10.00')).toBe(true);
    expect(isValidAmount('0')).toBe(false);
    expect(isValidAmount('0.00')).toBe(false);
    expect(isValidAmount(formatCents(MAX_AMOUNT_CENTS))).toBe(true);
    expect(isValidAmount(formatCents(MAX_AMOUNT_CENTS + 1))).toBe(false);
    expect(isValidAmount(10)).toBe(false);
  });

  it('reads bigint columns safely', () => {
    expect(toCents('125')).toBe(125);
    expect(toCents(null)).toBe(0);
    expect(() => toCents('9007199254740993')).toThrow(MoneyFormatError);
  });
});

describe('storedCents: reading a stored value never throws', () => {
  it('is a number while safe and a bigint past 2^53, formatted exactly either way', () => {
    expect(storedCents('12345')).toBe(12345);
    expect(storedCents(null)).toBe(0);
    const huge = storedCents('9007199254740993');
    expect(huge).toBe(9007199254740993n);
    expect(formatCents(huge)).toBe('90071992547409.93');
    expect(formatCents(storedCents('-9007199254740993'))).toBe('-90071992547409.93');
  });
});
