import { FixedClock } from './clock';

describe('FixedClock', () => {
  it('advances only when told', () => {
    const clock = new FixedClock(new Date('2026-11-23T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-23T00:00:00.000Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-11-23T00:01:00.000Z');
  });
});
