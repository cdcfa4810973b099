import type { Server } from 'node:http';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { TestMarketFeed } from '@mirrorline/market/testing';
import { setQuote } from './support/market';
import { baseUrl, openSse } from './support/sse';
import { createUser, type TestUser } from './support/users';
import { useCopyTradingApp } from './support/copy-trading-spec';
import type { TestApp } from './support/test-app';

describe('copy trading: follow rules (HTTP against real PostgreSQL)', () => {
  const spec = useCopyTradingApp();
  const { trader, follower, follow, open, close, myCopy } = spec;
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(() => {
    t = spec.t;
    sql = spec.sql;
  });

  describe('follow rules', () => {
    let tr: TestUser & { traderId: number };
    beforeAll(async () => {
      tr = await trader(10, 2);
    });

    it('needs KYC Verified (403 KYC_REQUIRED) and a verified email', async () => {
      const pending = await createUser(t, { kyc: 'Pending' });
      await fx.fundCash(sql, pending.id, 10_000);
      const res = await follow(pending, { traderId: tr.traderId, amount: '50.00' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('KYC_REQUIRED');
      const unverified = await createUser(t, { kyc: 'Verified', verified: false });
      expect((await follow(unverified, { traderId: tr.traderId, amount: '50.00' })).status).toBe(403);
    });

    it('refuses copying yourself, a missing trader, small amounts and unknown fields', async () => {
      await fx.fundCash(sql, tr.id, 10_000);
      const self = await follow(tr, { traderId: tr.traderId, amount: '50.00' });
      expect(self.status).toBe(409);
      expect(self.body.code).toBe('COPY.SELF');
      const f = await follower();
      expect((await follow(f, { traderId: 999999, amount: '50.00' })).status).toBe(404);
      const small = await follow(f, { traderId: tr.traderId, amount: '9.99' });
      expect(small.status).toBe(400);
      expect(small.body.code).toBe('COPY.AMOUNT_TOO_SMALL');
      expect((await follow(f, { traderId: tr.traderId, amount: '50' , extra: 1 })).status).toBe(400);
      expect((await follow(f, { traderId: tr.traderId, amount: 50 })).status).toBe(400);
      expect((await follow(f, { traderId: tr.traderId, amount: '50.00', stopLossPct: 99 })).status).toBe(400);
    });

    it('refuses a follow the cash cannot pay, leaving no copy behind', async () => {
      const f = await follower(1_000);
      const res = await follow(f, { traderId: tr.traderId, amount: '10.01' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('WALLET.INSUFFICIENT_FUNDS');
      expect(await sql('SELECT 1 FROM copies WHERE follower_id = ?', [f.id])).toHaveLength(0);
    });

    it('refuses the same trader twice and beyond maxCopiers', async () => {
      const a = await follower();
      expect((await follow(a, { traderId: tr.traderId, amount: '10.00' })).status).toBe(201);
      const twice = await follow(a, { traderId: tr.traderId, amount: '10.00' });
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('COPY.ALREADY_COPYING');
      const b = await follower();
      expect((await follow(b, { traderId: tr.traderId, amount: '10.00' })).status).toBe(201);
      const c = await follower();
      const full = await follow(c, { traderId: tr.traderId, amount: '10.00' });
      expect(full.status).toBe(409);
      expect(full.body.code).toBe('COPY.TRADER_FULL');
    });

    it('replays a follow with the same Idempotency-Key instead of following twice', async () => {
      const other = await trader();
      const f = await follower();
      const first = await follow(f, { traderId: other.traderId, amount: '20.00' }).set('Idempotency-Key', 'follow-once');
      const second = await follow(f, { traderId: other.traderId, amount: '20.00' }).set('Idempotency-Key', 'follow-once');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body.id).toBe(first.body.id);
      expect(await fx.cashOf(sql, f.id)).toBe(98_000n);
    });
  });

  describe('copyOpenTrades: also copy the trader\'s open trades at today\'s price', () => {
    it('opens a position in each open trade at the current fill, sized as a new trade, with the trader\'s fill on the receipt; settles from the copier\'s fill', async () => {
      const tr = await trader(20);
      const early = await follower();
      const earlyCopy = (await follow(early, { traderId: tr.traderId, amount: '500.00' }).expect(201)).body;
      // Two open trades, opened at 100 (buy 40 %) and 2000 (sell 50 %), and one closed one (never taken over).
      const btc = (await open(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 40, entryPrice: '100' }).expect(201)).body.trade;
      const eth = (await open(tr, { symbol: 'ETHUSDT', side: 'sell', allocationPct: 50, entryPrice: '2000' }).expect(201)).body.trade;
      const done = (await open(tr, { symbol: 'SOLUSDT', entryPrice: '10' }).expect(201)).body.trade;
      await close(tr, done.id, '11').expect(200);

      // Today's prices: BTC bid 109 / ask 110, ETH bid 1900 / ask 1901.
      await setQuote(t, 'BTCUSDT', '109', '110');
      await setQuote(t, 'ETHUSDT', '1900', '1901');
      const late = await follower();
      const stream = await openSse(`${baseUrl(t.app.getHttpServer() as Server)}/api/events/stream`, { Authorization: late.bearer });
      expect(stream.status).toBe(200);
      const res = await follow(late, { traderId: tr.traderId, amount: '1000.00', copyOpenTrades: true }).expect(201);
      // position_opened to the copier, with its own receipt (other tabs and screens update live)
      const event = await stream.next((e) => e.event === 'position_opened');
      expect(JSON.parse(event.data)).toMatchObject({
        type: 'position_opened',
        data: { tradeId: btc.id, traderId: tr.traderId, symbol: 'BTCUSDT', side: 'buy', entryPrice: '110', receipt: { traderFill: '100', copierFill: '110', slippageBps: '1000.00' } },
      });
      stream.close();
      // Oldest trade first: BTC 40 % of 1000.00 = 400.00 at the ask, then ETH 50 % of the 600.00 left = 300.00 at the bid.
      expect(res.body).toMatchObject({ invested: '1000.00', equity: '1000.00', freeEquity: '300.00', openPositions: 2 });
      expect(res.body.openTrades).toEqual({
        copied: [
          { tradeId: btc.id, symbol: 'BTCUSDT', side: 'buy', size: '400.00', traderFill: '100', copierFill: '110' },
          { tradeId: eth.id, symbol: 'ETHUSDT', side: 'sell', size: '300.00', traderFill: '2000', copierFill: '1900' },
        ],
        skipped: [],
      });
      const positions = (await t.http().get('/api/trades?status=open').set('Authorization', late.bearer).expect(200)).body.items;
      const bySymbol = Object.fromEntries(positions.map((p: { symbol: string }) => [p.symbol, p]));
      // The receipt: the trader's original fill beside the copier's, the delay since the trader's quote, slippage
      // worse for the copier positive (a buy 10 % higher = 1000 bps, a sell 5 % lower = 500 bps).
      expect(bySymbol.BTCUSDT).toMatchObject({ size: '400.00', entryPrice: '110', markPrice: '109', receipt: { traderFill: '100', copierFill: '110', slippageBps: '1000.00' } });
      expect(bySymbol.ETHUSDT).toMatchObject({ size: '300.00', entryPrice: '1900', markPrice: '1901', receipt: { traderFill: '2000', copierFill: '1900', slippageBps: '500.00' } });
      expect(bySymbol.BTCUSDT.receipt.delayMs).toBeGreaterThanOrEqual(0);
      expect(bySymbol.BTCUSDT.unrealizedPnl).toBe('-3.63'); // 40000 × (109 − 110) / 110 = −363.6 → −363
      const counts = await sql<{ id: string; copied_count: number }>('SELECT id::text AS id, copied_count FROM trader_trades WHERE id IN (?, ?, ?) ORDER BY id', [btc.id, eth.id, done.id]);
      expect(counts.map((c) => Number(c.copied_count))).toEqual([2, 2, 1]);
      // The early copier's positions are untouched.
      expect((await myCopy(early, earlyCopy.id)).openPositions).toBe(2);

      // The trader closes BTC at 121: the late copier's pnl from its own fill 110 (+10 %), the early one's from 100 (+21 %).
      const url = `${baseUrl(t.app.getHttpServer() as Server)}/api/events/stream`;
      const [earlyStream, lateStream] = [await openSse(url, { Authorization: early.bearer }), await openSse(url, { Authorization: late.bearer })];
      const closed = await close(tr, btc.id, '121').expect(200);
      // each copier's position_closed carries its own fill
      for (const [stream, fill] of [[earlyStream, '100'], [lateStream, '110']] as const) {
        const ev = JSON.parse((await stream.next((e) => e.event === 'position_closed')).data);
        expect(ev.data).toMatchObject({ tradeId: btc.id, entryPrice: fill, exitPrice: '121', closeReason: 'manual', receipt: { traderFill: '100', copierFill: fill } });
        stream.close();
      }
      expect(closed.body).toMatchObject({ positions: 2 });
      const settled = async (who: TestUser) =>
        (await t.http().get('/api/trades?status=closed').set('Authorization', who.bearer).expect(200)).body.items.find((p: { tradeId: string }) => p.tradeId === btc.id);
      expect(await settled(late)).toMatchObject({ size: '400.00', entryPrice: '110', exitPrice: '121', pnl: '40.00', fee: '8.00' }); // +10 % of 400.00, 20 % share
      expect(await settled(early)).toMatchObject({ size: '200.00', entryPrice: '100', exitPrice: '121' });
    });

    it('sizes each taken-over position down to the cent, as the fan-out does (never rounded up)', async () => {
      const tr = await trader(20);
      await open(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 40, entryPrice: '100' }).expect(201);
      await open(tr, { symbol: 'ETHUSDT', side: 'sell', allocationPct: 50, entryPrice: '2000' }).expect(201);
      await setQuote(t, 'BTCUSDT', '109', '110');
      await setQuote(t, 'ETHUSDT', '1900', '1901');
      const res = await follow(await follower(), { traderId: tr.traderId, amount: '10.01', copyOpenTrades: true }).expect(201);
      // 40 % of 1,001 cents = 400.4 → 400; then 50 % of the 601 left = 300.5 → 300 (it was rounded to 301: the open
      // positions' sum is numeric in SQL, so the size was an exact decimal that the bigint column rounded).
      expect(res.body.openTrades.copied.map((c: { size: string }) => c.size)).toEqual(['4.00', '3.00']);
      expect(res.body.freeEquity).toBe('3.01');
    });

    it('skips a trade without a fresh quote and one that sizes to zero; false and absent copy nothing; non-boolean is a 400', async () => {
      const tr = await trader(20);
      await open(tr, { symbol: 'XRPUSDT', side: 'buy', allocationPct: 100, entryPrice: '2' }).expect(201);
      await open(tr, { symbol: 'BNBUSDT', side: 'buy', allocationPct: 100, entryPrice: '600' }).expect(201);
      await open(tr, { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10, entryPrice: '100' }).expect(201);
      // No quote for XRPUSDT any more: skipped, never filled at a stale price. BNB at 100 % takes all the equity,
      // so BTC's 10 % of nothing is zero: skipped too.
      await t.app.get(TestMarketFeed).clearQuotes();
      await setQuote(t, 'BNBUSDT', '600');
      await setQuote(t, 'BTCUSDT', '100');
      const f = await follower();
      const res = await follow(f, { traderId: tr.traderId, amount: '10.00', copyOpenTrades: true }).expect(201);
      expect(res.body.openTrades).toEqual({
        copied: [{ tradeId: expect.any(String), symbol: 'BNBUSDT', side: 'buy', size: '10.00', traderFill: '600', copierFill: '600' }],
        skipped: [
          { tradeId: expect.any(String), symbol: 'XRPUSDT', reason: 'no_quote' },
          { tradeId: expect.any(String), symbol: 'BTCUSDT', reason: 'zero_size' },
        ],
      });
      expect(res.body).toMatchObject({ freeEquity: '0.00', openPositions: 1 });

      for (const body of [{ copyOpenTrades: false }, {}]) {
        const h = await follower();
        const plain = await follow(h, { traderId: tr.traderId, amount: '50.00', ...body }).expect(201);
        expect(plain.body.openPositions).toBe(0);
        expect(plain.body.openTrades).toBeUndefined();
      }
      const bad = await follow(await follower(), { traderId: tr.traderId, amount: '50.00', copyOpenTrades: 'yes' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('copyOpenTrades');
    });
  });
});
