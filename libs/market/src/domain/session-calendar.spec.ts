import { isSessionOpen, nextSessionClose, nextSessionOpen } from './session-calendar';

const at = (iso: string) => new Date(iso);

describe('session calendar (UTC, holidays ignored)', () => {
  it('crypto is always open and never closes', () => {
    for (const t of ['2026-11-21T03:00:00Z', '2026-11-22T23:59:00Z', '2026-11-23T15:00:00Z']) expect(isSessionOpen('crypto', at(t))).toBe(true);
    expect(nextSessionOpen('crypto', at('2026-11-21T03:00:00Z'))).toBeNull();
    expect(nextSessionClose('crypto', at('2026-11-21T03:00:00Z'))).toBeNull();
  });

  it('forex: Sunday 22:00 → Friday 22:00', () => {
    // 2026-11-20 is a Friday, 2026-11-22 a Sunday
    expect(isSessionOpen('forex', at('2026-11-20T21:59:00Z'))).toBe(true);
    expect(isSessionOpen('forex', at('2026-11-20T22:00:00Z'))).toBe(false);
    expect(isSessionOpen('forex', at('2026-11-21T12:00:00Z'))).toBe(false);
    expect(isSessionOpen('forex', at('2026-11-22T21:59:59Z'))).toBe(false);
    expect(isSessionOpen('forex', at('2026-11-22T22:00:00Z'))).toBe(true);
    expect(isSessionOpen('forex', at('2026-11-25T03:00:00Z'))).toBe(true); // Wednesday night
    expect(nextSessionOpen('forex', at('2026-11-21T12:00:00Z'))).toEqual(at('2026-11-22T22:00:00Z'));
    expect(nextSessionClose('forex', at('2026-11-23T10:00:00Z'))).toEqual(at('2026-11-27T22:00:00Z'));
    // while open, the next opening is the following Sunday
    expect(nextSessionOpen('forex', at('2026-11-23T10:00:00Z'))).toEqual(at('2026-11-29T22:00:00Z'));
  });

  it('stocks: Monday–Friday 14:30–21:00', () => {
    expect(isSessionOpen('stocks', at('2026-11-23T14:29:59Z'))).toBe(false);
    expect(isSessionOpen('stocks', at('2026-11-23T14:30:00Z'))).toBe(true);
    expect(isSessionOpen('stocks', at('2026-11-23T20:59:59Z'))).toBe(true);
    expect(isSessionOpen('stocks', at('2026-11-23T21:00:00Z'))).toBe(false);
    expect(isSessionOpen('stocks', at('2026-11-21T15:00:00Z'))).toBe(false); // Saturday
    expect(isSessionOpen('stocks', at('2026-11-22T15:00:00Z'))).toBe(false); // Sunday
    expect(nextSessionOpen('stocks', at('2026-11-23T21:30:00Z'))).toEqual(at('2026-11-24T14:30:00Z'));
    expect(nextSessionOpen('stocks', at('2026-11-27T21:30:00Z'))).toEqual(at('2026-11-30T14:30:00Z')); // Friday → Monday
    expect(nextSessionOpen('stocks', at('2026-11-21T10:00:00Z'))).toEqual(at('2026-11-23T14:30:00Z'));
    expect(nextSessionClose('stocks', at('2026-11-23T15:00:00Z'))).toEqual(at('2026-11-23T21:00:00Z'));
  });
});
