import { DEPOSIT_REFERENCE_ALPHABET, DEPOSIT_REFERENCE_PATTERN, newDepositReference, normalizeDepositReference } from './deposit-reference';

describe('deposit references', () => {
  it('are "ML-" and two groups of four readable characters, without 0/O or 1/I/L', () => {
    for (let i = 0; i < 200; i++) expect(newDepositReference()).toMatch(DEPOSIT_REFERENCE_PATTERN);
    expect(DEPOSIT_REFERENCE_ALPHABET).not.toMatch(/[01IOL]/);
    expect(new Set(DEPOSIT_REFERENCE_ALPHABET).size).toBe(31);
  });

  it('take every character from the draw (a CSPRNG by default)', () => {
    const draws = [0, 30, 1, 2, 3, 4, 5, 6];
    expect(newDepositReference(() => draws.shift()!)).toBe('ML-2Z34-5678');
  });

  it('read back however the bank or the admin spelled them', () => {
    expect(normalizeDepositReference('ML-7KQ2-9XF4')).toBe('ML-7KQ2-9XF4');
    expect(normalizeDepositReference(' ml 7kq2 9xf4 ')).toBe('ML-7KQ2-9XF4');
    expect(normalizeDepositReference('ML7KQ29XF4')).toBe('ML-7KQ2-9XF4');
    expect(normalizeDepositReference('7KQ2-9XF4')).toBe('ML-7KQ2-9XF4');
  });

  it('refuse what cannot be one', () => {
    for (const bad of ['', 'ML-7KQ2-9XF', 'ML-7KQ2-9XF44', 'ML-0KQ2-9XF4', 'ML-IKQ2-9XF4', 'XX-7KQ2-9XF4', 'ML-7KQ2_9XF4']) {
      expect(normalizeDepositReference(bad)).toBeNull();
    }
  });
});
