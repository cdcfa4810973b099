import type { MikroORM } from '@mikro-orm/postgresql';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { DEMO_COPIERS, demoCopierEmail, DemoTradingBot, rollDemoTradesOnStart, seedDemoCopies, seedDemoCopiesOnStart, syncDemoHistory, syncDemoHistoryOnStart } from '@mirrorline/demo';
import { MarketHistory } from '@mirrorline/market';
import { seedDemoDataIfEmpty } from '../apps/api/src/database/migrate';
import { STARTUP_TASKS } from '../apps/api/src/startup-tasks';
import { closeAt, openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';

/**
 * When the server comes back: `after` moved on to 23:00 UTC of a weekday. Every market (stocks Mon–Fri 14:30–21:00,
 * forex Sun 22:00–Fri 22:00, crypto always) then had a full session in the 24 hours before, so each demo trader's
 * extended history reaches into that day whatever weekday the suite runs on. Back on a Sunday, the stocks trader's
 * newest trade is Friday's (the market was shut): that is right, but not what the spec measures.
 */
function restartAfter(after: Date): Date {
  const at = new Date(after);
  at.setUTCHours(23, 0, 0, 0);
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

const count = async (t: TestApp, table: string) => Number((await t.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

describe('demo data seeding', () => {
  it('seeds the sample traders and their closed trades when DEMO_DATA is on and the database is empty, once', async () => {
    const t = await createTestApp({ DEMO_DATA: 'true' });
    try {
      const profiles = await count(t, 'trader_profiles');
      const trades = await count(t, 'trader_trades');
      expect(profiles).toBe(8);
      expect(trades).toBeGreaterThan(0);
      const ids = await t.sql<{ id: number }>('SELECT id FROM trader_profiles ORDER BY id');
      expect(ids.map((r) => Number(r.id))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
      // A second start on the same (no longer empty) database seeds nothing more.
      await expect(seedDemoDataIfEmpty(t.orm as unknown as MikroORM, t.config)).resolves.toBe(false);
      expect(await count(t, 'trader_profiles')).toBe(profiles);
      expect(await count(t, 'trader_trades')).toBe(trades);
    } finally {
      await t.close();
    }
  });

  it('demo copiers: funded by a demo deposit posting, copying every demo trader through the follow use case, once', async () => {
    const t = await createTestApp({ DEMO_DATA: 'true', LOG_LEVEL: 'silent' });
    try {
      const sql = t.sql as fx.Sql;
      expect(STARTUP_TASKS).toContain(seedDemoCopiesOnStart);
      const expected = DEMO_COPIERS.reduce((n, c) => n + c.copies.length, 0);
      // The copiers' users: verified, KYC Verified, unusable passwords (nobody signs in as one), no Trader role.
      const users = await sql<{ email: string; roles: string[]; password_hash: string; kyc_status: string }>(
        'SELECT email, roles, password_hash, kyc_status FROM users WHERE email = ANY (?::text[]) ORDER BY email',
        [`{${DEMO_COPIERS.map(demoCopierEmail).join(',')}}`],
      );
      expect(users).toHaveLength(DEMO_COPIERS.length);
      for (const user of users) {
        expect(user).toMatchObject({ roles: ['User'], kyc_status: 'Verified' });
        expect(user.password_hash).toMatch(/^\$argon2id\$/);
      }
      const login = await t.http().post('/api/auth/login').send({ email: users[0].email, password: 'password' });
      expect(login.status).toBe(401);

      // Every copy went through the follow use case: a live copy and its copy_fund posting; every deposit is a posting.
      const [copies] = await sql<{ n: string; funded: string }>(
        `SELECT count(*) AS n, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.type = 'copy_fund' AND t.reference = 'copy:' || c.id || ':open')) AS funded
         FROM copies c WHERE c.status = 'active'`,
      );
      expect(Number(copies.n)).toBe(expected);
      expect(Number(copies.funded)).toBe(expected);
      const [deposits] = await sql<{ n: string; total: string }>("SELECT count(*) AS n, coalesce(sum(e.amount), 0)::text AS total FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.type = 'demo_deposit' AND e.amount > 0");
      expect(Number(deposits.n)).toBe(DEMO_COPIERS.length);
      expect(BigInt(deposits.total)).toBe(BigInt(DEMO_COPIERS.reduce((n, c) => n + c.deposit, 0)) * 100n);
      expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });

      // The public figures are the demo's own: every demo trader has copiers and assets; the copiers chart counts them today.
      const list = async () =>
        ((await t.http().get('/api/traders?limit=100').expect(200)).body.items as Array<{ id: number; followers: number; assetsCopying: string; copiersPnl: string }>).filter((x) => x.id >= 2 && x.id <= 9);
      const traders = await list();
      expect(traders).toHaveLength(8);
      for (const trader of traders) {
        const mine = DEMO_COPIERS.flatMap((c) => c.copies).filter((c) => c.traderId === trader.id);
        expect(trader.followers).toBe(mine.length);
        expect(trader.followers).toBeGreaterThan(0);
        expect(Number(trader.assetsCopying)).toBe(mine.reduce((n, c) => n + c.amount, 0));
      }
      const performance = (await t.http().get('/api/traders/2/performance').expect(200)).body as { copierTrend: Array<{ copiers: number }> };
      expect(performance.copierTrend.at(-1)!.copiers).toBe(traders.find((x) => x.id === 2)!.followers);

      // A second start: no second set of copiers, no second deposit.
      expect(await seedDemoCopies(t.app)).toEqual({ deposits: 0, copies: 0, refused: 0 });
      await expect(seedDemoDataIfEmpty(t.orm as unknown as MikroORM, t.config)).resolves.toBe(false);
      for (const task of STARTUP_TASKS) await task(t.app, t.config);
      expect(await list()).toEqual(traders);
      expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM copies'))[0].n)).toBe(expected);
      expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });

    } finally {
      await t.close();
    }
  });

  it('rolls aged demo trades forward at start: ten-day PnLs come back, accuracy and real traders untouched', async () => {
    const t = await createTestApp({ DEMO_DATA: 'true', LOG_LEVEL: 'silent' });
    try {
      expect(STARTUP_TASKS).toContain(syncDemoHistoryOnStart); // rolls forward when the market has no candles (the test feed)
      const sql = t.sql as fx.Sql;
      // A follower copies demo trader 2; an admin opens and closes a trade for it: positions to move too.
      const admin = await createUser(t, { roles: ['User', 'Admin'] });
      const follower = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, follower.id, 10_000);
      await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId: 2, amount: '100.00' }).expect(201);
      const opened = await openAt(t, admin.bearer, '1.08', { symbol: 'XRPUSDT', side: 'buy', allocationPct: 50 }, '?traderId=2').expect(201);
      await closeAt(t, admin.bearer, opened.body.trade.id, '1.09', '?traderId=2').expect(200);
      // A real trader with an old closed trade: never rewritten.
      const real = await createUser(t, { roles: ['User', 'Trader'] });
      const realId = await fx.insertTraderProfile(sql, real.id);
      await sql(
        `INSERT INTO trader_trades (trader_id, market, symbol, pair, side, entry_price, exit_price, allocation_pct, pnl_pct, status, close_reason, opened_at, closed_at)
         VALUES (?, 'Forex', 'EURUSD', 'EURUSD', 'buy', 1, 1.1, 10, 10, 'closed', 'manual', now() - interval '41 days', now() - interval '40 days')`,
        [realId],
      );
      // The whole record (period=all): the list's default period is 30 days, which the 40 days below would move.
      const list = async () => (await t.http().get('/api/traders?period=all&limit=100').expect(200)).body.items as Array<{ id: number; tradingAccuracy: number; maxDrawdown: number; dailyPnls: number[]; closedTrades: number }>;
      const before = await list();

      // 40 days pass.
      await sql(`UPDATE copy_positions SET opened_at = opened_at - interval '40 days', settled_at = settled_at - interval '40 days'`);
      await sql(`UPDATE trader_trades SET opened_at = opened_at - interval '40 days', closed_at = closed_at - interval '40 days' WHERE trader_id BETWEEN 2 AND 9`);
      const stale = (await list()).filter((tr) => tr.id >= 2 && tr.id <= 9);
      for (const tr of stale) expect(tr.dailyPnls.every((p) => p === 0)).toBe(true);
      const realBefore = await sql('SELECT opened_at, closed_at FROM trader_trades WHERE trader_id = ?', [realId]);
      const gaps = `SELECT id, closed_at - opened_at AS held, closed_at - lag(closed_at) OVER (PARTITION BY trader_id ORDER BY closed_at, id) AS gap
                    FROM trader_trades WHERE trader_id BETWEEN 2 AND 9 ORDER BY id`;
      const gapsBefore = await sql(gaps);

      // Off: nothing moves. On: the roll.
      await rollDemoTradesOnStart(t.app, { demoData: false });
      expect((await list()).filter((tr) => tr.id >= 2 && tr.id <= 9)).toEqual(stale);
      await rollDemoTradesOnStart(t.app, t.config);

      const after = await list();
      for (const tr of after.filter((x) => x.id >= 2 && x.id <= 9)) {
        const was = before.find((x) => x.id === tr.id)!;
        expect(tr.dailyPnls.some((p) => p !== 0)).toBe(true);
        expect(tr).toMatchObject({ tradingAccuracy: was.tradingAccuracy, maxDrawdown: was.maxDrawdown, closedTrades: was.closedTrades });
      }
      // Each demo trader's newest closed trade is one day old; the shape of its history is unchanged.
      const newest = await sql<{ trader_id: number; age_h: string }>(
        `SELECT trader_id, extract(epoch FROM now() - max(closed_at)) / 3600 AS age_h FROM trader_trades WHERE trader_id BETWEEN 2 AND 9 GROUP BY trader_id`,
      );
      expect(newest).toHaveLength(8);
      for (const row of newest) {
        expect(Number(row.age_h)).toBeGreaterThanOrEqual(24);
        expect(Number(row.age_h)).toBeLessThan(24.1);
      }
      expect(await sql(gaps)).toEqual(gapsBefore);
      // The copied position moved with its trade (settled when the trade closed, same transaction).
      const [position] = await sql<{ same: boolean }>(
        'SELECT p.settled_at = t.closed_at AND p.opened_at = t.opened_at AS same FROM copy_positions p JOIN trader_trades t ON t.id = p.trade_id WHERE t.id = ?',
        [opened.body.trade.id],
      );
      expect(position.same).toBe(true);
      // It did not land in today (UTC): an old loss never counts against today's loss limit.
      expect((await t.http().get('/api/copies/settings').set('Authorization', follower.bearer).expect(200)).body.todayPnl).toBe('0.00');
      expect(await sql('SELECT opened_at, closed_at FROM trader_trades WHERE trader_id = ?', [realId])).toEqual(realBefore);
      // A second start right after moves nothing.
      const rolled = await sql('SELECT id, opened_at, closed_at FROM trader_trades ORDER BY id');
      await rollDemoTradesOnStart(t.app, t.config);
      expect(await sql('SELECT id, opened_at, closed_at FROM trader_trades ORDER BY id')).toEqual(rolled);
    } finally {
      await t.close();
    }
  });

  it('the demo history lies on the market: every entry and exit inside its 1-hour candle; a gap is extended on backfilled candles', async () => {
    const t = await createTestApp({ DEMO_DATA: 'true', LOG_LEVEL: 'silent' });
    try {
      const sql = t.sql as fx.Sql;
      await t.app.get(MarketHistory).backfill(); // the simulated market's 90 days of candles
      const list = async () => (await t.http().get('/api/traders?period=all&limit=100').expect(200)).body.items as Array<{ id: number; tradingAccuracy: number; closedTrades: number; dailyPnls: number[] }>;
      const before = await list();
      const first = await syncDemoHistory(t.app);
      expect(first.candles).toBe(true);
      expect(first.repriced).toBeGreaterThan(380); // 8 × 50 seeded trades, a move that rounds to 0.0000 % excepted
      // Accuracy unchanged: every win stays a win (the side is chosen from the candles' move).
      for (const tr of await list()) {
        const was = before.find((x) => x.id === tr.id)!;
        if (tr.id >= 2 && tr.id <= 9) expect(tr.tradingAccuracy).toBe(was.tradingAccuracy);
      }
      const outside = `SELECT t.id FROM trader_trades t
        JOIN market_candles e ON e.symbol = t.symbol AND e.interval = '1h' AND e.time = t.entry_quote_time
        JOIN market_candles x ON x.symbol = t.symbol AND x.interval = '1h' AND x.time = t.exit_quote_time
        WHERE t.trader_id BETWEEN 2 AND 9 AND t.status = 'closed'
          AND (t.entry_price NOT BETWEEN e.low AND e.high OR t.exit_price NOT BETWEEN x.low AND x.high
               -- the candle of its time, or the last one before it (closed session: the price stood still)
               OR t.opened_at < e.time OR t.closed_at < x.time
               OR EXISTS (SELECT 1 FROM market_candles n WHERE n.symbol = t.symbol AND n.interval = '1h' AND n.time > e.time AND n.time <= t.opened_at)
               OR EXISTS (SELECT 1 FROM market_candles n WHERE n.symbol = t.symbol AND n.interval = '1h' AND n.time > x.time AND n.time <= t.closed_at))`;
      expect(await sql(outside)).toEqual([]);
      const [{ placed }] = await sql<{ placed: string }>("SELECT count(*) AS placed FROM trader_trades WHERE trader_id BETWEEN 2 AND 9 AND entry_quote_time IS NOT NULL");
      expect(Number(placed)).toBe(first.repriced);
      // Each trade once: a second run changes nothing.
      expect(await syncDemoHistory(t.app)).toEqual({ candles: true, repriced: 0, added: 0 });
      // Three days or more pass with the server down: the next start extends the history on the backfilled candles.
      const later = restartAfter(new Date(Date.now() + 3 * 86_400_000));
      await t.app.get(MarketHistory).backfill(later); // the simulated market fills the gap at the next start
      const gap = await syncDemoHistory(t.app, later);
      expect(gap.added).toBeGreaterThan(8); // 8 traders, a trade every 6–16 hours over ~2 days or more
      const [{ age_h }] = await sql<{ age_h: string }>(
        `SELECT extract(epoch FROM ?::timestamptz - min(newest)) / 3600 AS age_h FROM (
           SELECT max(closed_at) AS newest FROM trader_trades WHERE trader_id BETWEEN 2 AND 9 AND status = 'closed' GROUP BY trader_id) n`,
        [later],
      );
      expect(Number(age_h)).toBeLessThan(26);
      expect(await sql(outside)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000); // the simulated market writes 90 days of candles for every instrument, twice

  it('demo trading: a bot opens a market order for a demo trader (with SL/TP, copied) and closes it minutes later', async () => {
    const t = await createTestApp({ DEMO_DATA: 'true', LOG_LEVEL: 'silent' });
    try {
      expect(t.config.demoTrading).toBe(false); // off in tests unless asked for
      const follower = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(t.sql as fx.Sql, follower.id, 10_000);
      for (const id of [3, 6, 8, 9]) {
        // every demo trader that trades crypto
        await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId: id, amount: '20.00' }).expect(201);
      }
      await setQuote(t, 'BTCUSDT', '50000', '50010');
      await setQuote(t, 'ETHUSDT', '3000', '3000.5');
      const bot = t.app.get(DemoTradingBot);
      const now = Date.now();
      expect(await bot.tick(now, true)).toEqual({ opened: 1, closed: 0 });
      const [trade] = await t.sql<{ id: string; trader_id: number; symbol: string; stop_loss: string; take_profit: string; copied_count: number }>(
        "SELECT id::text AS id, trader_id, symbol, stop_loss::text AS stop_loss, take_profit::text AS take_profit, copied_count FROM trader_trades WHERE status = 'open'",
      );
      expect([3, 6, 8, 9]).toContain(Number(trade.trader_id));
      expect(['BTCUSDT', 'ETHUSDT']).toContain(trade.symbol);
      expect(trade.stop_loss).not.toBeNull();
      expect(trade.take_profit).not.toBeNull();
      // the follower's copy and the demo copiers' copies of that trader
      expect(trade.copied_count).toBe(1 + DEMO_COPIERS.flatMap((c) => c.copies).filter((c) => c.traderId === Number(trade.trader_id)).length);
      // Not yet due (and no new order before a minute): nothing; 8 minutes later it closes at the market, reason manual.
      expect(await bot.tick(now + 30_000, true)).toEqual({ opened: 0, closed: 0 });
      expect((await bot.tick(now + 8 * 60_000, true)).closed).toBe(1);
      const [closed] = await t.sql<{ status: string; close_reason: string }>('SELECT status, close_reason FROM trader_trades WHERE id = ?', [trade.id]);
      expect(closed).toEqual({ status: 'closed', close_reason: 'manual' });
      expect(await fx.ledgerCheck(t.sql as fx.Sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
    } finally {
      await t.close();
    }
  });

  it('seeds nothing when DEMO_DATA is off', async () => {
    const t = await createTestApp({ DEMO_DATA: 'false' });
    try {
      expect(await count(t, 'trader_profiles')).toBe(0);
      expect(await count(t, 'users')).toBe(0);
      // Nor copies: without the demo copiers' users the start-up task has nothing to fund.
      await seedDemoCopiesOnStart(t.app, { demoData: true });
      expect(await count(t, 'copies')).toBe(0);
      expect(await count(t, 'ledger_transactions')).toBe(0);

      // Demo data seeded later (DEMO_DATA turned on) with a demo trader an admin has blocked since: the copies the
      // rules refuse are left out, the others made, and the start goes on.
      await expect(seedDemoDataIfEmpty(t.orm as unknown as MikroORM, { ...t.config, demoData: true })).resolves.toBe(true);
      await t.sql("UPDATE users SET blocked = true WHERE email = 'sofia.marin@traders.mirrorline.local'");
      const ofSofia = DEMO_COPIERS.flatMap((c) => c.copies).filter((c) => c.traderId === 2).length;
      const all = DEMO_COPIERS.flatMap((c) => c.copies).length;
      expect(await seedDemoCopies(t.app)).toEqual({ deposits: DEMO_COPIERS.length, copies: all - ofSofia, refused: ofSofia });
      expect(await count(t, 'copies')).toBe(all - ofSofia);
      expect(await fx.ledgerCheck(t.sql as fx.Sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
    } finally {
      await t.close();
    }
  });
});
