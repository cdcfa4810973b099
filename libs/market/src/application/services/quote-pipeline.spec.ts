import { roundDecimal } from './quote-pipeline';

describe('roundDecimal (exact, half up, as PostgreSQL round)', () => {
  it.each([
    ['50000', 2, '50000.00'],
    ['65000.01000000', 2, '65000.01'],
    ['1.085005', 5, '1.08501'],
    ['1.085004999', 5, '1.08500'],
    ['0.55', 4, '0.5500'],
    ['9.995', 2, '10.00'],
    ['12.5', 0, '13'],
  ])('%s to %i decimals is %s', (value, decimals, expected) => {
    expect(roundDecimal(value, decimals)).toBe(expected);
  });
});
