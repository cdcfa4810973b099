import {
  copyEnds,
  copyEndsSql,
  dailyLossLimitReached,
  dailyLossLimitReachedSql,
  highWaterMarkAfterSql,
  positionPnl,
  positionPnlSql,
  positionSize,
  positionSizeSql,
  profitShare,
  profitShareFeeSql,
  sideSignSql,
  skipReason,
  skipReasonSql,
  stopLossHit,
  stopLossHitSql,
  takeProfitHit,
  takeProfitHitSql,
  type CopyStatus,
  type TradeSide,
} from '@mirrorline/copy-trading';
import { runSql, Sql, sql, sqlJoin, type SqlExecutor } from '@mirrorline/shared';
import { createTestContext, type TestApp } from '../support/test-app';

/**
 * Each money rule's SQL fragment (domain/money-rules.ts) evaluated by PostgreSQL on generated rows — zero, negative
 * pnl, below / at / above the high-water mark and the guards' thresholds, integer-cent rounding — and compared row by
 * row with its TypeScript twin. One statement per rule: `SELECT <fragment> FROM (VALUES …) v(…)`. The rows come from a
 * seeded generator, so a failure names a row that fails again on the next run.
 */
describe('money rules: each SQL fragment equals its TypeScript twin', () => {
  let t: TestApp;
  let db: SqlExecutor;
  beforeAll(async () => {
    t = await createTestContext({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    db = t.orm.em.getConnection();
  });
  afterAll(() => t.close());

  // A small deterministic generator (mulberry32): the same rows on every run.
  let seed = 0x29_0001;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const cents = (max: number): bigint => BigInt(int(0, max));
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)];
  /** A price with 0–8 decimals, from 0.00000001 up. */
  const price = (): string => {
    const whole = pick([0, 0, 1, 3, 42, 1_234, 65_000]);
    const decimals = int(0, 8);
    const fraction = decimals ? String(int(whole === 0 ? 1 : 0, 10 ** decimals - 1)).padStart(decimals, '0') : '';
    const text = fraction ? `${whole}.${fraction}` : String(whole);
    return /^0(\.0*)?$/.test(text) ? '0.00000001' : text;
  };

  /** The fragment's value for each row (columns named as given), in row order. */
  async function evaluate<R>(columns: string, rows: Sql<unknown>[], fragment: Sql<unknown>): Promise<R[]> {
    const values = sqlJoin(rows.map((row, i) => sql`(${i}::int, ${row})`));
    const result = await runSql(db, sql<{ i: number; r: R }>`SELECT v.i, ${fragment} AS r FROM (VALUES ${values}) ${new Sql(`v(i, ${columns})`, [])} ORDER BY v.i`);
    expect(result).toHaveLength(rows.length);
    return result.map((row) => row.r);
  }

  it('position size: floor(free × pct / 100), free below zero sizes zero', async () => {
    const cases: Array<[bigint, number]> = [
      [0n, 50], [-1n, 100], [-1_000_000n, 1], [1n, 99], [1n, 100], [99n, 1], [100n, 1], [101n, 50], [199n, 50], [10_000n, 33],
    ];
    while (cases.length < 300) cases.push([int(0, 9) ? cents(10 ** int(1, 12)) : -cents(100_000), int(1, 100)]);
    const got = await evaluate<string>('free, pct', cases.map(([free, pct]) => sql`${free.toString()}::bigint, ${pct}::bigint`), positionSizeSql(sql`v.free`, sql`v.pct`));
    cases.forEach(([free, pct], i) => expect([free, pct, BigInt(got[i])]).toEqual([free, pct, positionSize(free, pct)]));
  });

  it('skips: paused, stopping, daily loss limit, zero size, in that order', async () => {
    const cases: Array<[CopyStatus, boolean, bigint]> = [];
    for (const status of ['active', 'paused', 'stopping'] as const)
      for (const limit of [false, true]) for (const size of [-1n, 0n, 1n, 123_456n]) cases.push([status, limit, size]);
    const got = await evaluate<string | null>(
      'status, guarded, size',
      cases.map(([status, limit, size]) => sql`${status}::text, ${limit}::boolean, ${size.toString()}::bigint`),
      skipReasonSql(sql`v.status`, sql`v.guarded`, sql`v.size`),
    );
    cases.forEach((c, i) => expect([...c, got[i]]).toEqual([...c, skipReason(...c)]));
  });

  it('pnl: size × (exit − entry) / entry toward zero, negated for a sell, never below −size', async () => {
    const cases: Array<[bigint, string, string, TradeSide]> = [
      [0n, '1.085', '1.2', 'buy'], [1n, '3', '1', 'buy'], [1n, '3', '1', 'sell'], [1n, '3', '5', 'buy'], [1n, '3', '5', 'sell'],
      [10_000n, '100', '250', 'sell'], [10_000n, '100', '200', 'sell'], [10_000n, '100', '0.00000001', 'buy'], [999n, '1.08500001', '1.085', 'buy'],
      [12_345n, '65000.12345678', '65000.12345678', 'sell'],
    ];
    while (cases.length < 400) {
      const entry = price();
      cases.push([cents(10 ** int(0, 11)), entry, int(0, 3) ? price() : entry, pick(['buy', 'sell'] as const)]);
    }
    const got = await evaluate<string>(
      'size, fill, exit, side',
      cases.map(([size, fill, exit, side]) => sql`${size.toString()}::bigint, ${fill}::numeric, ${exit}::numeric, ${side}::text`),
      positionPnlSql(sql`v.size`, sql`v.fill`, sql`v.exit`, sideSignSql(sql`v.side`)),
    );
    cases.forEach((c, i) => expect([...c, BigInt(got[i])]).toEqual([...c, positionPnl(...c)]));
  });

  it('profit share: share % of the gain above the high-water mark, floored; the mark moves to the equity after the fee', async () => {
    const cases: Array<[bigint, bigint, number]> = [
      [0n, 0n, 25], [10_000n, 10_000n, 25], [10_001n, 10_000n, 25], [10_003n, 10_000n, 25], [10_004n, 10_000n, 25],
      [9_999n, 10_000n, 50], [20_000n, 10_000n, 0], [20_000n, 10_000n, 50], [-5n, 10_000n, 30], [1n, 0n, 1],
    ];
    while (cases.length < 300) {
      const hwm = cents(10 ** int(1, 10));
      const delta = BigInt(int(-1_000_000, 1_000_000)) * BigInt(pick([1, 1, 100, 10_000]));
      cases.push([hwm + delta, hwm, int(0, 50)]);
    }
    const fee = profitShareFeeSql(sql`v.equity`, sql`v.hwm`, sql`v.share`);
    const got = await evaluate<{ fee: string; hwm: string }>(
      'equity, hwm, share',
      cases.map(([equity, hwm, share]) => sql`${equity.toString()}::bigint, ${hwm.toString()}::bigint, ${share}::int`),
      sql`json_build_object('fee', (${fee})::text, 'hwm', (${highWaterMarkAfterSql(sql`v.equity`, sql`v.hwm`, fee)})::text)`,
    );
    cases.forEach((c, i) => {
      const twin = profitShare(...c);
      expect([...c, BigInt(got[i].fee), BigInt(got[i].hwm)]).toEqual([...c, twin.fee, twin.highWaterMark]);
    });
  });

  it('stop loss and take profit: at, a cent above and a cent below the threshold; none without a level or an investment', async () => {
    const cases: Array<[bigint, bigint, number | null]> = [
      [5_000n, 10_000n, 50], [5_001n, 10_000n, 50], [4_999n, 10_000n, 50], [15_000n, 10_000n, 50], [14_999n, 10_000n, 50],
      [0n, 10_000n, 5], [0n, 0n, 50], [100n, -1n, 50], [100n, 10_000n, null], [0n, 10_000n, null], [30_000n, 10_000n, 1000],
      [110_000n, 10_000n, 1000], [109_999n, 10_000n, 1000],
    ];
    while (cases.length < 300) {
      const invested = cents(10 ** int(1, 10));
      const pct = int(0, 9) ? int(1, 1000) : null;
      const threshold = pct === null ? invested : (invested * BigInt(pct)) / 100n;
      cases.push([threshold + BigInt(int(-2, 2)), invested, pct]);
    }
    const got = await evaluate<{ sl: boolean; tp: boolean }>(
      'equity, invested, pct',
      cases.map(([equity, invested, pct]) => sql`${equity.toString()}::bigint, ${invested.toString()}::bigint, ${pct}::int`),
      sql`json_build_object('sl', ${stopLossHitSql(sql`v.equity`, sql`v.invested`, sql`v.pct`)}, 'tp', ${takeProfitHitSql(sql`v.equity`, sql`v.invested`, sql`v.pct`)})`,
    );
    cases.forEach((c, i) => expect([...c, got[i].sl, got[i].tp]).toEqual([...c, stopLossHit(...c), takeProfitHit(...c)]));
  });

  it('copy end: a stopping or tripped copy ends when no other open position is left', async () => {
    const cases: Array<[boolean, boolean, number]> = [];
    for (const stopping of [false, true]) for (const tripped of [false, true]) for (const others of [0, 1, 7]) cases.push([stopping, tripped, others]);
    const got = await evaluate<boolean>(
      'stopping, tripped, others',
      cases.map(([stopping, tripped, others]) => sql`${stopping}::boolean, ${tripped}::boolean, ${others}::int`),
      copyEndsSql(sql`v.stopping`, sql`v.tripped`, sql`v.others > 0`),
    );
    cases.forEach((c, i) => expect([...c, got[i]]).toEqual([...c, copyEnds(...c)]));
  });

  it('daily loss limit: reached once today’s realised loss is at least the limit; never without one', async () => {
    const cases: Array<[bigint, bigint | null]> = [
      [0n, 0n], [0n, 1n], [-1n, 1n], [-10_000n, 10_000n], [-9_999n, 10_000n], [-10_001n, 10_000n], [5_000n, 10_000n], [-10_000n, null], [0n, null],
    ];
    while (cases.length < 300) {
      const limit = int(0, 9) ? cents(10 ** int(1, 9)) : null;
      cases.push([limit === null ? -cents(100_000) : -limit + BigInt(int(-1, 1)) * BigInt(pick([1, 1, 1_000])), limit]);
    }
    const got = await evaluate<boolean>(
      'realised, lim',
      cases.map(([realised, limit]) => sql`${realised.toString()}::bigint, ${limit === null ? null : limit.toString()}::bigint`),
      dailyLossLimitReachedSql(sql`v.realised`, sql`v.lim`),
    );
    cases.forEach((c, i) => expect([...c, got[i]]).toEqual([...c, dailyLossLimitReached(...c)]));
  });
});
