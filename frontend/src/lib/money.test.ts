import { formatMoney, formatPercent, formatPrice, isAmount, normalizeAmount, parseAmountInput, signOf, toCents, formatTimeLeft } from './money';

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
  });

  it('accepts amounts typed with thousands separators', () => {
    expect(parseAmountInput('1,234.56')).toBe('1234.56');
    expect(parseAmountInput(' $12,000 ')).toBe('12000');
    expect(parseAmountInput('12,34')).toBe('12,34'); // not a grouping: left for the validator to refuse
    expect(isAmount('1,234.56')).toBe(true);
    expect(isAmount('12,34')).toBe(false);
    expect(normalizeAmount('1,250.5')).toBe('1250.50');
  });

  it('checks a typed amount, once its separators are gone, against the API’s own pattern (api-rules.ts)', () => {
    expect(isAmount('12,345,678.90')).toBe(true);
    expect(isAmount('0.50')).toBe(true);
    // the API refuses a leading zero and a third decimal: so does the SPA
    expect(isAmount('0100.00')).toBe(false);
    expect(isAmount('1,234.567')).toBe(false);
    expect(isAmount('-5')).toBe(false);
  });

  it('rounding noise under half a cent shows as 0.00, more rounds half away from zero', () => {
    expect(formatMoney('-0.004')).toBe('$0.00');
    expect(formatMoney(-0.0001, { signed: true })).toBe('$0.00');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(0.29999999)).toBe('$0.30');
    expect(formatMoney('2.345')).toBe('$2.35');
    expect(formatMoney('-2.345')).toBe('-$2.35');
    expect(signOf('-0.004')).toBe(0);
    expect(signOf('-0.01')).toBe(-1);
    expect(formatPercent('-0.001', { signed: true })).toBe('0.00%');
    expect(formatPercent(12345.678, { signed: true })).toBe('+12,345.68%');
  });

  it('prices carry the instrument decimals and thousands separators', () => {
    expect(formatPrice('64250.5')).toBe('64,250.50');
    // without decimals: those it was sent with, at least 2 — one format for "77633.99" and "77,615.44"
    expect(formatPrice('77633.99')).toBe('77,633.99');
    expect(formatPrice('1.08412')).toBe('1.08412');
    expect(formatPrice('3000')).toBe('3,000.00');
    expect(formatPrice('1.0841249', 5)).toBe('1.08412');
    expect(formatPrice('1.084125', 5)).toBe('1.08413');
    expect(formatPrice(187.2, 2)).toBe('187.20');
    expect(formatPrice('0.5', 0)).toBe('1');
    expect(formatPrice('abc')).toBe('—');
    expect(formatPrice(null)).toBe('—');
  });
});

describe('formatTimeLeft: a waiting period as the API dates it', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('says hours and minutes, rounding the minutes up', () => {
    expect(formatTimeLeft('2026-11-28T11:11:30Z', now)).toBe('23 h 12 min');
    expect(formatTimeLeft('2026-11-27T14:00:00Z', now)).toBe('2 h');
    expect(formatTimeLeft('2026-11-27T12:12:00Z', now)).toBe('12 min');
    expect(formatTimeLeft('2026-11-27T12:00:20Z', now)).toBe('less than a minute');
    expect(formatTimeLeft('2026-11-29T11:59:00Z', now)).toBe('47 h 59 min');
  });
  it('says days and hours from two days on', () => {
    expect(formatTimeLeft('2026-11-29T12:00:00Z', now)).toBe('2 d');
    expect(formatTimeLeft('2026-11-30T16:10:00Z', now)).toBe('3 d 4 h');
  });
  it('is null once the moment has passed, or for no date', () => {
    expect(formatTimeLeft('2026-11-27T12:00:00Z', now)).toBeNull();
    expect(formatTimeLeft('2026-11-01T00:00:00Z', now)).toBeNull();
    expect(formatTimeLeft('not a date', now)).toBeNull();
  });
});
