import fc from 'fast-check';
import { positionPnl, positionSize, profitShare, scaleOnWithdrawal, type TradeSide } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { MAX_AMOUNT_CENTS, MAX_BALANCE_CENTS } from '@mirrorline/shared';
import { closeAt, openAt } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

interface TradeSpec {
  side: TradeSide;
  entry: number;
  exit: number;
  allocationPct: number;
}

/** A top-up or a withdrawal of part of the free equity, done after `step` closes (0: before any trade opens). */
interface FlowSpec {
  step: number;
  copy: number;
  kind: 'fund' | 'withdraw';
  cents: number;
  pct: number;
}

const price = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
const cents = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * Random copies and random trades through the real HTTP API: the engine's settlement must match the
 * domain model (sizing, pnl toward zero, high-water-mark fee) to the cent, and follower pnl, fees and
 * the platform market account must add up in the ledger. Top-ups and withdrawals of free equity are
 * mixed in (before the trades open and between closes, while other positions are still open).
 */
describe('copy trading properties (ledger to the cent)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  it('Σ follower pnl and fees match the ledger and the model over random trades and copies', async () => {
    // A move of 1,000,000× or more is refused at close (TRADE.PRICE_OUT_OF_RANGE).
    const trade = fc
      .record({
        side: fc.constantFrom<TradeSide>('buy', 'sell'),
        entry: fc.integer({ min: 1, max: 2_000_000 }),
        exit: fc.integer({ min: 1, max: 2_000_000 }),
        allocationPct: fc.integer({ min: 1, max: 100 }),
      })
      .filter((spec) => spec.exit - spec.entry < spec.entry * 1_000_000 && spec.entry - spec.exit < spec.entry * 1_000_000);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1_000, max: 5_000_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(trade, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        fc.array(
          fc.record({
            step: fc.nat(),
            copy: fc.nat(),
            kind: fc.constantFrom<FlowSpec['kind']>('fund', 'withdraw'),
            cents: fc.integer({ min: 1, max: 500_000 }),
            pct: fc.integer({ min: 1, max: 100 }),
          }),
          { maxLength: 5 },
        ),
        async (amounts, trades: TradeSpec[], share, order, flows: FlowSpec[]) => {
          const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
          const traderId = await fx.insertTraderProfile(sql, trader.id, share);
          const marketBefore = await fx.platformMarket(sql);

          // The model: per copy equity, mark and open positions.
          const model = amounts.map((amount) => ({
            equity: BigInt(amount),
            hwm: BigInt(amount),
            invested: BigInt(amount),
            /** Σ top-ups − Σ withdrawals */
            flows: 0n,
            open: new Map<number, bigint>(),
            id: '',
            follower: null as unknown as TestUser,
          }));
          for (const [i, amount] of amounts.entries()) {
            const follower = await createUser(t, { kyc: 'Verified' });
            model[i].follower = follower;
            await fx.fundCash(sql, follower.id, amount + 5 * 500_000); // room for the top-ups
            const res = await t
              .http()
              .post('/api/copies')
              .set('Authorization', follower.bearer)
              .send({ traderId, amount: price(amount) });
            expect(res.status).toBe(201);
            model[i].id = res.body.id;
          }
          /** Runs the top-ups and withdrawals planned for this step against the API and the model. */
          const runFlows = async (step: number) => {
            for (const flow of flows.filter((f) => f.step % (trades.length + 1) === step)) {
              const copy = model[flow.copy % model.length];
              let amount = BigInt(flow.cents);
              if (flow.kind === 'withdraw') {
                const free = copy.equity - [...copy.open.values()].reduce((a, b) => a + b, 0n);
                amount = (free * BigInt(flow.pct)) / 100n;
                // A 1,000×-ish winner can leave more than one request may move (MAX_AMOUNT_CENTS).
                if (amount > BigInt(MAX_AMOUNT_CENTS)) amount = BigInt(MAX_AMOUNT_CENTS);
                if (amount <= 0n) continue;
              }
              const res = await t
                .http()
                .post(`/api/copies/${copy.id}/${flow.kind === 'fund' ? 'funds' : 'withdraw'}`)
                .set('Authorization', copy.follower.bearer)
                .send({ amount: price(Number(amount)) });
              expect(res.status).toBe(200);
              if (flow.kind === 'fund') {
                copy.invested += amount;
                copy.hwm += amount;
                copy.equity += amount;
                copy.flows += amount;
              } else {
                copy.invested = scaleOnWithdrawal(copy.invested, copy.equity, amount);
                copy.hwm = scaleOnWithdrawal(copy.hwm, copy.equity, amount);
                copy.equity -= amount;
                copy.flows -= amount;
              }
              expect(res.body).toMatchObject({ equity: price(Number(copy.equity)), invested: price(Number(copy.invested)), highWaterMark: price(Number(copy.hwm)) });
            }
          };
          await runFlows(0);
          // Open every trade, then close them in a random order.
          const ids: string[] = [];
          for (const [k, spec] of trades.entries()) {
            // A market order filled at the test feed's quote (bid = ask = the spec's entry).
            const res = await openAt(t, trader.bearer, price(spec.entry), { symbol: 'ETHUSDT', side: spec.side, allocationPct: spec.allocationPct });
            expect(res.status).toBe(201);
            ids.push(res.body.trade.id);
            let committed = 0n;
            for (const copy of model) {
              const used = [...copy.open.values()].reduce((a, b) => a + b, 0n);
              const size = positionSize(copy.equity - used, spec.allocationPct);
              if (size > 0n) copy.open.set(k, size);
              committed += size;
            }
            expect(cents(res.body.committed)).toBe(committed);
          }
          const closing = trades.map((_, k) => k).sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0) || a - b);
          let pnlTotal = 0n;
          let feeTotal = 0n;
          for (const k of closing) {
            const spec = trades[k];
            const res = await closeAt(t, trader.bearer, ids[k], price(spec.exit));
            // The balance limit (MAX_BALANCE_CENTS, docs/ledger.md): a close that would take a copy's equity or the
            // trader's cash past it is refused as a whole (422) and writes nothing; the model stays as it was.
            const past = (value: bigint) => value > BigInt(MAX_BALANCE_CENTS);
            let wouldFees = 0n;
            const wouldPass = model.some((copy) => {
              const size = copy.open.get(k);
              if (size === undefined) return false;
              const pnl = positionPnl(size, price(spec.entry), price(spec.exit), spec.side);
              const { fee } = profitShare(copy.equity + pnl, copy.hwm, share);
              wouldFees += fee;
              return past(copy.equity + pnl - fee);
            });
            if (wouldPass || past(feeTotal + wouldFees)) {
              expect({ status: res.status, code: res.body.code }).toEqual({ status: 422, code: 'WALLET.BALANCE_LIMIT' });
              continue;
            }
            expect(res.status).toBe(200);
            let tradePnl = 0n;
            let tradeFees = 0n;
            for (const copy of model) {
              const size = copy.open.get(k);
              if (size === undefined) continue;
              copy.open.delete(k);
              const pnl = positionPnl(size, price(spec.entry), price(spec.exit), spec.side);
              const { fee, highWaterMark } = profitShare(copy.equity + pnl, copy.hwm, share);
              copy.equity = copy.equity + pnl - fee;
              copy.hwm = highWaterMark;
              tradePnl += pnl;
              tradeFees += fee;
            }
            expect(cents(res.body.copiersPnl)).toBe(tradePnl);
            expect(cents(res.body.profitShare)).toBe(tradeFees);
            pnlTotal += tradePnl;
            feeTotal += tradeFees;
            await runFlows(closing.indexOf(k) + 1);
          }
          for (const copy of model) {
            expect(await fx.copyEquityOf(sql, copy.id)).toBe(copy.equity);
            const [row] = await sql<{ hwm: string; invested: string; pnl: string; fee: string }>(
              `SELECT c.high_water_mark::text AS hwm, c.invested::text AS invested, coalesce(sum(p.pnl), 0)::text AS pnl, coalesce(sum(p.fee), 0)::text AS fee
               FROM copies c LEFT JOIN copy_positions p ON p.copy_id = c.id WHERE c.id = ? GROUP BY c.id`,
              [copy.id],
            );
            expect(BigInt(row.hwm)).toBe(copy.hwm);
            expect(BigInt(row.invested)).toBe(copy.invested);
            // The copy's equity is what went in (follow, top-ups − withdrawals) plus its positions' pnl minus
            // the fees: nothing lost to rounding.
            expect(BigInt(amounts[model.indexOf(copy)]) + copy.flows + BigInt(row.pnl) - BigInt(row.fee)).toBe(copy.equity);
          }
          expect(await fx.platformMarket(sql)).toBe(marketBefore - pnlTotal);
          expect(await fx.cashOf(sql, trader.id)).toBe(feeTotal);
          expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000); // a bound on a hung run, sized for a loaded machine (the work is fixed: 25 runs)
});
