import type request from 'supertest';
import { CloseOutCopiesUseCase, CloseTradeUseCase, PriceWatcher } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { openAt, setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';

/**
 * A trader closing a trade while the follower stops the copy: whichever wins the trader lock, the
 * position is settled exactly once and the copy's equity returns to cash exactly once. Both orders are
 * forced (the test holds the trader row and queues the requests behind it), then left to chance.
 */
describe('close vs stop races', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  /** Sends a supertest request now (supertest only sends once someone calls then/end). */
  const send = (req: request.Test): Promise<request.Response> => new Promise((resolve, reject) => req.end((err, res) => (err ? reject(err) : resolve(res))));

  /**
   * Waits until `n` sessions are queued behind `holder` on the trader row: waiting on it (on its transaction,
   * or on the row's tuple lock) or on a session queued there before them. This used to count every session
   * of the database waiting on any lock: once in CI some other short wait was counted as the first action,
   * the second then went out before the first was queued, and the order came out reversed.
   */
  async function queuedBehind(holder: number, n: number): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const [{ queued }] = await sql<{ queued: string }>(
        `WITH RECURSIVE queue AS (
           SELECT ?::int AS pid
           UNION
           SELECT a.pid FROM pg_stat_activity a JOIN queue q ON q.pid = ANY (pg_blocking_pids(a.pid))
           WHERE a.datname = current_database() AND a.wait_event_type = 'Lock'
         )
         SELECT count(*) - 1 AS queued FROM queue`,
        [holder],
      );
      if (Number(queued) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${n} session(s) queued on the trader row expected`);
  }

  /**
   * Forces the order two actions take the trader row in: the row is held by a transaction of the test,
   * the first action is started and seen queued on it, then the second, then the row is released.
   * PostgreSQL queues row-lock waiters in arrival order (the first waiter holds the tuple lock), so the
   * first action always goes first, and the second then waits for the first one's transaction. The actions
   * are HTTP requests (inOrder) or use cases called directly, as the watcher does.
   */
  async function inOrderFn<A, B>(traderId: number, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
    let held!: (pid: number) => void;
    let release!: () => void;
    const isHeld = new Promise<number>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = t.orm.em.fork().transactional(async (em) => {
      const [{ pid }] = await em.execute<{ pid: number }[]>(
        'SELECT pg_backend_pid() AS pid FROM trader_profiles WHERE id = ? FOR NO KEY UPDATE',
        [traderId],
      );
      held(pid);
      await released;
    });
    const holderPid = await isHeld;
    const a = first();
    await queuedBehind(holderPid, 1);
    const b = second();
    await queuedBehind(holderPid, 2);
    release();
    await holder;
    return [await a, await b];
  }

  const inOrder = (traderId: number, first: () => request.Test, second: () => request.Test): Promise<[request.Response, request.Response]> =>
    inOrderFn(traderId, () => send(first()), () => send(second()));

  async function setUp() {
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 20);
    const follower = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 10_000);
    const round = async () => {
      const copy = await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId, amount: '100.00' }).expect(201);
      const opened = await openAt(t, trader.bearer, '100', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 50 }).expect(201);
      expect(opened.body.copied).toBe(1);
      await setQuote(t, 'BTCUSDT', '110'); // where the close fills
      return {
        copyId: copy.body.id as string,
        tradeId: opened.body.trade.id as string,
        close: () => t.http().post(`/api/trader/trades/${opened.body.trade.id}/close`).set('Authorization', trader.bearer).send({}),
        stop: () => t.http().post(`/api/copies/${copy.body.id}/stop`).set('Authorization', follower.bearer),
      };
    };
    return { trader, traderId, follower, round };
  }

  /** One settlement of the trade, one return of the copy, the copy ended empty, the ledger balanced. */
  async function expectSettledOnce(tradeId: string, copyId: string): Promise<void> {
    const [position] = await sql<{ settled: boolean; pnl: string; fee: string }>('SELECT settled, pnl::text AS pnl, fee::text AS fee FROM copy_positions WHERE trade_id = ?', [tradeId]);
    expect(position).toEqual({ settled: true, pnl: '500', fee: '100' });
    expect(await sql("SELECT 1 FROM ledger_transactions WHERE type = 'trade_settlement' AND reference = ?", [`trade:${tradeId}`])).toHaveLength(1);
    // The equity went back to cash once, whichever of stop (reference copy:<id>) or close (trade:<id>) did it.
    const returns = await sql(
      `SELECT 1 FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.copy_id = ? AND x.type = 'copy_return'`,
      [copyId],
    );
    expect(returns).toHaveLength(1);
    const [copy] = await sql<{ status: string }>('SELECT status FROM copies WHERE id = ?', [copyId]);
    expect(copy.status).toBe('stopped');
    expect(await fx.copyEquityOf(sql, copyId)).toBe(0n);
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  }

  it('stop wins the trader row, then close: the copy is stopping, the close settles it and ends it', async () => {
    const { trader, follower, traderId, round } = await setUp();
    for (let i = 0; i < 3; i++) {
      const r = await round();
      const [stopped, closed] = await inOrder(traderId, r.stop, r.close);
      expect(stopped.status).toBe(200);
      expect(stopped.body).toMatchObject({ status: 'stopping', openPositions: 1 });
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ positions: 1, copiersPnl: '5.00', profitShare: '1.00', endedCopies: 1 });
      await expectSettledOnce(r.tradeId, r.copyId);
    }
    // Each round: 100.00 in, +5.00, fee 1.00 → 104.00 back.
    expect(await fx.cashOf(sql, follower.id)).toBe(10_000n + 3n * 400n);
    expect(await fx.cashOf(sql, trader.id)).toBe(3n * 100n);
  });

  it('close wins the trader row, then stop: the close settles, the stop finds nothing open and ends the copy', async () => {
    const { trader, follower, traderId, round } = await setUp();
    for (let i = 0; i < 3; i++) {
      const r = await round();
      const [closed, stopped] = await inOrder(traderId, r.close, r.stop);
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ positions: 1, copiersPnl: '5.00', profitShare: '1.00', endedCopies: 0 });
      expect(stopped.status).toBe(200);
      expect(stopped.body).toMatchObject({ status: 'stopped', openPositions: 0, equity: '0.00' });
      await expectSettledOnce(r.tradeId, r.copyId);
    }
    expect(await fx.cashOf(sql, follower.id)).toBe(10_000n + 3n * 400n);
    expect(await fx.cashOf(sql, trader.id)).toBe(3n * 100n);
  });

  it('20 × Promise.all([close, stop]) with no forced order: every position settles exactly once either way', async () => {
    const { trader, follower, round } = await setUp();
    for (let i = 0; i < 20; i++) {
      const r = await round();
      const [closed, stopped] = await Promise.all([send(r.close()), send(r.stop())]);
      expect(closed.status).toBe(200);
      expect(stopped.status).toBe(200);
      await expectSettledOnce(r.tradeId, r.copyId);
    }
    expect(await fx.cashOf(sql, follower.id)).toBe(10_000n + 20n * 400n);
    expect(await fx.cashOf(sql, trader.id)).toBe(20n * 100n);
  });

  it('two concurrent closes of one trade: one settles, the other is a 409', async () => {
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 10);
    const follower = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 10_000);
    await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId, amount: '100.00' }).expect(201);
    for (let i = 0; i < 10; i++) {
      const opened = await openAt(t, trader.bearer, '1.1', { symbol: 'XRPUSDT', side: 'sell', allocationPct: 10 }).expect(201);
      await setQuote(t, 'XRPUSDT', '1.0');
      const results = await Promise.all(
        [0, 1].map(() => t.http().post(`/api/trader/trades/${opened.body.trade.id}/close`).set('Authorization', trader.bearer).send({})),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    }
    const dup = await sql(`SELECT reference FROM ledger_transactions WHERE type = 'trade_settlement' GROUP BY reference HAVING count(*) > 1`);
    expect(dup).toEqual([]);
    expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
  }, 180_000);

  describe('trader close vs stop loss / take profit close vs copy close-out (price watcher)', () => {
    const quote = { symbol: 'ETHUSDT', bid: '50', ask: '50', time: new Date() };
    let watcher: PriceWatcher;
    beforeAll(() => {
      watcher = t.app.get(PriceWatcher);
      watcher.pause(); // the spec plays the watcher's part itself, in the order it forces
    });
    afterAll(() => watcher.resume());

    /** One copy of 100.00 (stop loss `copyStop` %), one trade at 100 committing all of it, the price then at 50. */
    async function position(opts: { stopLoss?: string; copyStop?: number }) {
      const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
      const traderId = await fx.insertTraderProfile(sql, trader.id, 20);
      const follower = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, follower.id, 10_000);
      const copy = await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId, amount: '100.00', stopLossPct: opts.copyStop }).expect(201);
      const body = { symbol: 'ETHUSDT', allocationPct: 100, ...(opts.stopLoss ? { stopLoss: opts.stopLoss } : {}) };
      const opened = await openAt(t, trader.bearer, '100', body).expect(201);
      await setQuote(t, 'ETHUSDT', '50');
      quote.time = new Date();
      const tradeId = opened.body.trade.id as string;
      return {
        follower,
        traderId,
        tradeId,
        copyId: copy.body.id as string,
        close: () => send(t.http().post(`/api/trader/trades/${tradeId}/close`).set('Authorization', trader.bearer).send({})),
        levelClose: () => t.app.get(CloseTradeUseCase).closeAtLevel(traderId, tradeId, quote),
        closeOut: () => t.app.get(CloseOutCopiesUseCase).execute([{ copyId: copy.body.id as string, traderId }], [quote]),
      };
    }

    /** The position settled once at −50.00; the copy's equity went to cash once when it ended; the ledger balances. */
    async function expectOnce(p: { tradeId: string; copyId: string; follower: { id: string } }, ends: boolean): Promise<string> {
      const [row] = await sql<{ settled: boolean; pnl: string; close_reason: string }>(
        'SELECT settled, pnl::text AS pnl, close_reason FROM copy_positions WHERE trade_id = ?',
        [p.tradeId],
      );
      expect(row).toMatchObject({ settled: true, pnl: '-5000' });
      const moved = await sql<{ n: string }>(
        `SELECT count(*) AS n FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.copy_id = ? AND x.type IN ('trade_settlement', 'copy_stop_loss')`,
        [p.copyId],
      );
      expect(Number(moved[0].n)).toBe(1);
      const returns = await sql(
        `SELECT 1 FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.copy_id = ? AND x.type = 'copy_return'`,
        [p.copyId],
      );
      expect(returns).toHaveLength(ends ? 1 : 0);
      expect(await fx.copyEquityOf(sql, p.copyId)).toBe(ends ? 0n : 5_000n);
      expect(await fx.cashOf(sql, p.follower.id)).toBe(ends ? 5_000n : 0n);
      const [trade] = await sql<{ status: string }>('SELECT status FROM trader_trades WHERE id = ?', [p.tradeId]);
      expect(trade.status).toBe('closed');
      expect(await fx.ledgerCheck(sql)).toEqual({ total: 0n, unbalanced: 0, mismatches: 0, duplicates: 0 });
      return row.close_reason;
    }

    it('trader close first, then the stop loss close: manual, the level close finds the trade closed', async () => {
      const p = await position({ stopLoss: '55' });
      const [closed, level] = await inOrderFn(p.traderId, p.close, p.levelClose);
      expect(closed.status).toBe(200);
      expect(closed.body.trade.closeReason).toBe('manual');
      expect(level).toBeNull();
      expect(await expectOnce(p, false)).toBe('manual');
    });

    it('stop loss close first, then the trader close: stop_loss, the trader gets a 409', async () => {
      const p = await position({ stopLoss: '55' });
      const [level, closed] = await inOrderFn(p.traderId, p.levelClose, p.close);
      expect(level?.trade.closeReason).toBe('stop_loss');
      expect(closed.status).toBe(409);
      expect(await expectOnce(p, false)).toBe('stop_loss');
    });

    it('trader close first, then the copy close-out: the settlement trips the copy, the close-out finds it stopped', async () => {
      const p = await position({ copyStop: 60 });
      const [closed, out] = await inOrderFn(p.traderId, p.close, p.closeOut);
      expect(closed.body).toMatchObject({ positions: 1, stopLossHit: 1, endedCopies: 1 });
      expect(out.copies).toBe(0);
      expect(await expectOnce(p, true)).toBe('manual');
    });

    it('copy close-out first, then the trader close: copy_stop_loss, the close settles nothing more', async () => {
      const p = await position({ copyStop: 60 });
      const [out, closed] = await inOrderFn(p.traderId, p.closeOut, p.close);
      expect(out).toMatchObject({ copies: 1, positions: 1, ended: 1 });
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ positions: 0, copiersPnl: '0.00' });
      expect(closed.body.trade.copiersPnl).toBe('-50.00');
      expect(await expectOnce(p, true)).toBe('copy_stop_loss');
    });

    it('stop loss close first, then the copy close-out', async () => {
      const p = await position({ stopLoss: '55', copyStop: 60 });
      const [level, out] = await inOrderFn(p.traderId, p.levelClose, p.closeOut);
      expect(level).toMatchObject({ positions: 1, stopLossHit: 1, endedCopies: 1 });
      expect(out.copies).toBe(0);
      expect(await expectOnce(p, true)).toBe('stop_loss');
    });

    it('copy close-out first, then the stop loss close', async () => {
      const p = await position({ stopLoss: '55', copyStop: 60 });
      const [out, level] = await inOrderFn(p.traderId, p.closeOut, p.levelClose);
      expect(out.copies).toBe(1);
      expect(level).toMatchObject({ positions: 0 });
      expect(level?.trade.closeReason).toBe('stop_loss');
      expect(await expectOnce(p, true)).toBe('copy_stop_loss');
    });

    it('10 × all three at once (and two watcher cycles, as two instances would): each position settles exactly once', async () => {
      for (let i = 0; i < 10; i++) {
        const p = await position({ stopLoss: '55', copyStop: 60 });
        const results = await Promise.allSettled([p.close(), p.levelClose(), p.closeOut(), watcher.cycle([quote]), watcher.cycle([quote])]);
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
        await expectOnce(p, true);
      }
    }, 180_000);
  });
});
