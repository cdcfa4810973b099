import { createHash } from 'node:crypto';
import { canonicalJson, chainHash, GENESIS_HASH, type RecordFields } from './trade-record';

describe('the verifiable record (product.md §12.4)', () => {
  it('canonical JSON is RFC 8785: keys sorted by code unit, no whitespace, ECMAScript numbers and strings', () => {
    // The example of RFC 8785 §3.2.2 (its input parsed, then canonicalized).
    const parsed = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(parsed)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    // Sorted by UTF-16 code units, not by locale: upper case before lower case, "\u20ac" after "z".
    expect(canonicalJson({ b: 1, a: { z: '', '\u20ac': 0, Z: null } })).toBe('{"a":{"Z":null,"z":"","€":0},"b":1}');
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });

  const trade: RecordFields = {
    tradeId: '42',
    symbol: 'BTCUSDT',
    side: 'buy',
    allocationPct: '20',
    entryPrice: '100',
    exitPrice: '110.5',
    openedAt: '2026-11-27T10:00:00.000Z',
    closedAt: '2026-11-27T11:00:00.000Z',
    pnlPct: '10.5',
    closeReason: 'manual',
  };

  it('hash_n = sha256_hex(hash_{n−1} + canonical fields), from 64 zeros', () => {
    const canonical =
      '{"allocationPct":"20","closeReason":"manual","closedAt":"2026-11-27T11:00:00.000Z","entryPrice":"100","exitPrice":"110.5",' +
      '"openedAt":"2026-11-27T10:00:00.000Z","pnlPct":"10.5","side":"buy","symbol":"BTCUSDT","tradeId":"42"}';
    const first = createHash('sha256').update(`${'0'.repeat(64)}${canonical}`).digest('hex');
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    expect(chainHash(GENESIS_HASH, trade)).toBe(first);
    const second = chainHash(first, { ...trade, tradeId: '43' });
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    // Any change of a field, or of the link before, changes the hash.
    expect(chainHash(GENESIS_HASH, { ...trade, exitPrice: '110.50' })).not.toBe(first);
    expect(chainHash(second, trade)).not.toBe(first);
  });
});
