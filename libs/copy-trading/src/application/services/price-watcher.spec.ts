import { splitCloseOut } from './price-watcher';

const copies = (traderId: number, n: number) => Array.from({ length: n }, (_, i) => ({ copyId: `${traderId}-${i}`, traderId }));
const tradersOf = (half: { traderId: number }[]) => new Set(half.map((c) => String(c.traderId)));
const ids = (half: { copyId: string }[]) => half.map((c) => c.copyId);

describe('splitCloseOut', () => {
  it('puts whole traders in one half or the other, the halves balanced by copies', () => {
    const tripped = [...copies(1, 300), ...copies(2, 250), ...copies(3, 200), ...copies(4, 100), ...copies(5, 50)];
    const [a, b] = splitCloseOut(tripped);
    expect(a.length + b.length).toBe(900);
    expect(new Set([...ids(a), ...ids(b)]).size).toBe(900);
    // 300 → a, 250 → b, 200 → b (450), 100 → a (400), 50 → a (450)
    expect([a.length, b.length]).toEqual([450, 450]);
    const [ta, tb] = [tradersOf(a), tradersOf(b)];
    expect([...ta].filter((t) => tb.has(t))).toEqual([]);
  });

  it('alternates copies when one trader holds more than three quarters of them', () => {
    const tripped = [...copies(1, 800), ...copies(2, 100), ...copies(3, 100)];
    const [a, b] = splitCloseOut(tripped);
    expect([a.length, b.length]).toEqual([500, 500]);
    expect(a[0]).toEqual({ copyId: '1-0', traderId: 1 });
    expect(b[0]).toEqual({ copyId: '1-1', traderId: 1 });
    expect(new Set([...ids(a), ...ids(b)]).size).toBe(1000);
  });

  it('keeps a split by trader at exactly a quarter', () => {
    const [a, b] = splitCloseOut([...copies(1, 300), ...copies(2, 100)]);
    expect([a.length, b.length]).toEqual([300, 100]);
    expect([...tradersOf(a)]).toEqual(['1']);
  });
});
