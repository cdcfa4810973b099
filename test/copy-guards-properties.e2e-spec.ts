import fc from 'fast-check';
import { copyEnds, dailyLossLimitReached, positionPnl, positionSize, PriceWatcher, profitShare, stopLossHit, type TradeSide } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

interface TradeSpec {
  side: TradeSide;
  entry: number;
  exit: number;
  allocationPct: number;
}

interface CopySpec {
  amount: number;
  stopLossPct: number | null;
  dailyLossLimit: number | null;
}

type Status = 'active' | 'stopping' | 'stopped';

interface ModelCopy {
  id: string;
  follower: TestUser;
  equity: bigint;
  hwm: bigint;
  invested: bigint;
  stopLossPct: number | null;
  limit: bigint | null;
  /** Σ pnl of its positions settled today */
  realised: bigint;
  /** what its end returned to the follower's cash */
  cash: bigint;
  status: Status;
  open: Map<number, bigint>;
}

const price = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
const cents = (amount: number | bigint) => price(Number(amount));

/**
 * The guards the settlement and the fan-out apply in SQL (stop loss on the settled equity, the copy's end,
 * the daily loss limit) against their oracle in domain/copy-math.ts, over random copies and trades through
 * the real HTTP API: trades opened, some closed (realising pnl), then a probe trade opened — each copy must
 * take it or skip it with the reason the model gives, and end in the status and with the cash the model gives.
 * The watcher (copy stop loss on live equity) is paused: what is pinned here is the settlement's check.
 */
describe('copy guards properties (stop loss, copy end, daily loss limit)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
    t.app.get(PriceWatcher).pause();
  });
  afterAll(async () => {
    t.app.get(PriceWatcher).resume();
    await t.close();
  });

  it('statuses, skips and returned cash match the model', async () => {
    // Moves of −70 % … +70 % and large allocations, stop losses and limits within reach: the guards trip often.
    const trade = fc
      .record({
        side: fc.constantFrom<TradeSide>('buy', 'sell'),
        entry: fc.integer({ min: 100, max: 20_000 }),
        movePct: fc.integer({ min: -70, max: 70 }),
        allocationPct: fc.integer({ min: 20, max: 100 }),
      })
      .map(({ entry, movePct, ...rest }) => ({ ...rest, entry, exit: Math.max(1, Math.round((entry * (100 + movePct)) / 100)) }));
    const copy = fc.record({
      amount: fc.integer({ min: 1_000, max: 500_000 }),
      stopLossPct: fc.option(fc.integer({ min: 50, max: 95 }), { nil: null, freq: 4 }),
      dailyLossLimit: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null, freq: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(copy, { minLength: 1, maxLength: 4 }),
        fc.array(trade, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        trade,
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
        async (copySpecs: CopySpec[], trades: TradeSpec[], order: number[], closedCount: number, probe: TradeSpec, share: number, nudges: number[]) => {
          const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
          const traderId = await fx.insertTraderProfile(sql, trader.id, share);
          const model: ModelCopy[] = [];
          for (const spec of copySpecs) {
            const follower: TestUser = await createUser(t, { kyc: 'Verified' });
            await fx.fundCash(sql, follower.id, spec.amount);
            if (spec.dailyLossLimit !== null) {
              await t.http().patch('/api/copies/settings').set('Authorization', follower.bearer).send({ dailyLossLimit: cents(spec.dailyLossLimit) }).expect(200);
            }
            const res = await t
              .http()
              .post('/api/copies')
              .set('Authorization', follower.bearer)
              .send({ traderId, amount: cents(spec.amount), ...(spec.stopLossPct === null ? {} : { stopLossPct: spec.stopLossPct }) });
            expect(res.status).toBe(201);
            model.push({
              id: res.body.id as string,
              follower,
              equity: BigInt(spec.amount),
              hwm: BigInt(spec.amount),
              invested: BigInt(spec.amount),
              stopLossPct: spec.stopLossPct,
              limit: spec.dailyLossLimit === null ? null : BigInt(spec.dailyLossLimit),
              realised: 0n,
              cash: 0n,
              status: 'active',
              open: new Map<number, bigint>(),
            });
          }

          /** The fan-out of the model: who takes the trade, who skips it and why. */
          const fanOut = (k: number, spec: TradeSpec) => {
            const skipped: Record<string, string> = {};
            for (const c of model) {
              if (c.status === 'stopped') continue;
              const used = [...c.open.values()].reduce((a, b) => a + b, 0n);
              const size = positionSize(c.equity - used, spec.allocationPct);
              if (c.status === 'stopping') skipped[c.id] = 'stopping';
              else if (dailyLossLimitReached(c.realised, c.limit)) skipped[c.id] = 'daily_loss_limit';
              else if (size <= 0n) skipped[c.id] = 'zero_size';
              else c.open.set(k, size);
            }
            return skipped;
          };
          /** The settlement of the model: pnl, fee, mark, stop loss, end (equity back to cash). */
          const settle = (k: number, spec: TradeSpec) => {
            for (const c of model) {
              const size = c.open.get(k);
              if (size === undefined) continue;
              c.open.delete(k);
              const pnl = positionPnl(size, price(spec.entry), price(spec.exit), spec.side);
              const { fee, highWaterMark } = profitShare(c.equity + pnl, c.hwm, share);
              c.equity = c.equity + pnl - fee;
              c.hwm = highWaterMark;
              c.realised += pnl;
              const stoppingBefore = c.status === 'stopping';
              const tripped = !stoppingBefore && stopLossHit(c.equity, c.invested, c.stopLossPct);
              if (copyEnds(stoppingBefore, tripped, c.open.size)) {
                c.status = 'stopped';
                c.cash += c.equity;
                c.equity = 0n;
              } else if (tripped) c.status = 'stopping';
            }
          };
          const skipsOf = async (tradeId: string) =>
            Object.fromEntries(
              (await sql<{ copy_id: string; reason: string }>('SELECT copy_id::text AS copy_id, reason FROM copy_skips WHERE trade_id = ?', [tradeId])).map((r) => [r.copy_id, r.reason]),
            );

          const ids: string[] = [];
          for (const [k, spec] of trades.entries()) {
            const res = await openAt(t, trader.bearer, price(spec.entry), { symbol: 'SOLUSDT', side: spec.side, allocationPct: spec.allocationPct });
            expect(res.status).toBe(201);
            ids.push(res.body.trade.id);
            expect(await skipsOf(res.body.trade.id)).toEqual(fanOut(k, spec));
          }
          // Close some of them (random order), realising pnl: stop losses trip, copies stop or end.
          const closing = trades.map((_, k) => k).sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0) || a - b).slice(0, closedCount);
          for (const k of closing) {
            const res = await closeAt(t, trader.bearer, ids[k], price(trades[k].exit));
            expect(res.status).toBe(200);
            settle(k, trades[k]);
          }
          // Limits set at today's realised loss, a cent under or a cent over it: the boundary is pinned exactly.
          for (const [i, c] of model.entries()) {
            const at = -c.realised + BigInt((nudges[i] ?? 0) - 1);
            if (c.realised >= 0n || at < 1n || (nudges[i] ?? 0) > 2) continue;
            await t.http().patch('/api/copies/settings').set('Authorization', c.follower.bearer).send({ dailyLossLimit: cents(at) }).expect(200);
            c.limit = at;
          }
          // The probe: the fan-out sees the statuses and today's realised losses the closes left.
          const res = await openAt(t, trader.bearer, price(probe.entry), { symbol: 'SOLUSDT', side: probe.side, allocationPct: probe.allocationPct });
          expect(res.status).toBe(201);
          expect(await skipsOf(res.body.trade.id)).toEqual(fanOut(trades.length, probe));
          for (const c of model) {
            const [row] = await sql<{ status: Status; stop_reason: string | null }>('SELECT status, stop_reason FROM copies WHERE id = ?', [c.id]);
            expect({ copy: c.id, status: row.status }).toEqual({ copy: c.id, status: c.status });
            if (c.status !== 'active') expect(row.stop_reason).toBe('stop_loss');
            expect(await fx.copyEquityOf(sql, c.id)).toBe(c.equity);
            expect(await fx.cashOf(sql, c.follower.id)).toBe(c.cash);
            const settings = (await t.http().get('/api/copies/settings').set('Authorization', c.follower.bearer).expect(200)).body;
            expect(settings.limitReached).toBe(dailyLossLimitReached(c.realised, c.limit));
          }
          expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000); // a bound on a hung run, sized for a loaded machine (the work is fixed: 25 runs)
});
