import { operationRef } from '@mirrorline/wallet';
import { useCopyTradingApp } from './support/copy-trading-spec';
import { setQuote } from './support/market';
import { createUser } from './support/users';

/**
 * Exactly once for the money-moving requests of copy trading (product.md §11.2), through the real HTTP API and
 * PostgreSQL: every effect happens once per Idempotency-Key, whatever the retries (parallel, late), and every
 * ledger posting carries a business reference unique per type. The crash cases (the process or PostgreSQL killed
 * right after the commit) are in the fault tier: test/faults/exactly-once.fault-spec.ts.
 */
describe('exactly once: trade open and close, copy funds, withdrawals and lifecycle', () => {
  const spec = useCopyTradingApp();
  const keyed = (who: { bearer: string }, path: string, key: string, body: Record<string, unknown> = {}) =>
    spec.t.http().post(path).set('Authorization', who.bearer).set('Idempotency-Key', key).send(body);
  const count = async (query: string, params: unknown[]) => Number((await spec.sql<{ n: string }>(`SELECT count(*)::text AS n FROM (${query}) x`, params))[0].n);

  it('trade open: parallel and late retries with one key open one trade and fan it out once', async () => {
    const trader = await spec.trader();
    const followers = await Promise.all([1, 2, 3].map(() => spec.follower()));
    for (const f of followers) await spec.follow(f, { traderId: trader.traderId, amount: '300.00' }).expect(201);
    await setQuote(spec.t, 'BTCUSDT', '50000');
    const body = { symbol: 'BTCUSDT', side: 'buy', allocationPct: 10 };
    const parallel = await Promise.all([1, 2, 3, 4].map(() => keyed(trader, '/api/trader/trades', 'open-1', body)));
    const opened = parallel.filter((r) => r.status === 201);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    // A duplicate that arrived while the first was still running waits for it, or is told so: never a second trade.
    for (const r of parallel.filter((x) => x.status !== 201)) expect([r.status, r.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    const tradeId = opened[0].body.trade.id as string;
    for (const r of opened) expect(r.body).toEqual(opened[0].body);
    // Later, at another price: the retry replays the first fill and opens nothing.
    await setQuote(spec.t, 'BTCUSDT', '51000');
    const late = await keyed(trader, '/api/trader/trades', 'open-1', body).expect(201);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.body).toEqual(opened[0].body);
    expect(late.body.trade).toMatchObject({ id: tradeId, entryPrice: '50000' });
    expect(await count('SELECT 1 FROM trader_trades WHERE trader_id = ?', [trader.traderId])).toBe(1);
    expect(await count('SELECT 1 FROM copy_positions WHERE trade_id = ?', [tradeId])).toBe(3);
    // The same key for another order is a client bug: 422, nothing opened.
    const reused = await keyed(trader, '/api/trader/trades', 'open-1', { ...body, side: 'sell' }).expect(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count('SELECT 1 FROM trader_trades WHERE trader_id = ?', [trader.traderId])).toBe(1);
  });

  it('trade close: a retry replays the settlement; it settles and posts once', async () => {
    const trader = await spec.trader(20);
    const f = await spec.follower();
    await spec.follow(f, { traderId: trader.traderId, amount: '500.00' }).expect(201);
    await setQuote(spec.t, 'BTCUSDT', '40000');
    const open = await keyed(trader, '/api/trader/trades', 'open-2', { symbol: 'BTCUSDT', side: 'buy', allocationPct: 50 }).expect(201);
    const tradeId = open.body.trade.id as string;
    await setQuote(spec.t, 'BTCUSDT', '44000');
    const close = await keyed(trader, `/api/trader/trades/${tradeId}/close`, 'close-2').expect(200);
    await setQuote(spec.t, 'BTCUSDT', '30000');
    const retry = await keyed(trader, `/api/trader/trades/${tradeId}/close`, 'close-2').expect(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(close.body);
    expect(close.body.trade).toMatchObject({ status: 'closed', exitPrice: '44000' });
    expect(await count("SELECT 1 FROM ledger_transactions WHERE type = 'trade_settlement' AND reference = ?", [`trade:${tradeId}`])).toBe(1);
    // Without the key a second close is refused (409), not settled again.
    const again = await spec.t.http().post(`/api/trader/trades/${tradeId}/close`).set('Authorization', trader.bearer).send({}).expect(409);
    expect(again.body.code).toBe('TRADE.ALREADY_CLOSED');
  });

  it('copy funds and withdrawals: the posting\'s reference is the request\'s, so the ledger itself refuses it twice', async () => {
    const trader = await spec.trader();
    const f = await spec.follower(100_000);
    const copy = (await spec.follow(f, { traderId: trader.traderId, amount: '100.00' }).expect(201)).body as { id: string };
    // The answer is read inside the request's transaction: it shows the funds just added.
    const funded = await keyed(f, `/api/copies/${copy.id}/funds`, 'fund-1', { amount: '50.00' }).expect(200);
    expect(funded.body).toMatchObject({ id: copy.id, equity: '150.00', invested: '150.00' });
    const replay = await keyed(f, `/api/copies/${copy.id}/funds`, 'fund-1', { amount: '50.00' }).expect(200);
    expect(replay.body).toEqual(funded.body);
    const withdrawn = await keyed(f, `/api/copies/${copy.id}/withdraw`, 'take-1', { amount: '20.00' }).expect(200);
    expect(withdrawn.body).toMatchObject({ equity: '130.00' });
    await keyed(f, `/api/copies/${copy.id}/withdraw`, 'take-1', { amount: '20.00' }).expect(200);
    expect((await spec.myCopy(f, copy.id)).equity).toBe('130.00');

    const refs = await spec.sql<{ type: string; reference: string }>(
      "SELECT type, reference FROM ledger_transactions WHERE reference LIKE ? ORDER BY id",
      [`copy:${copy.id}:%`],
    );
    expect(refs).toEqual([
      { type: 'copy_fund', reference: `copy:${copy.id}:open` },
      { type: 'copy_fund', reference: `copy:${copy.id}:${operationRef(f.id, 'fund-1')}` },
      { type: 'copy_withdraw', reference: `copy:${copy.id}:${operationRef(f.id, 'take-1')}` },
    ]);
    // Whatever code runs it, the same request's posting cannot be written twice (TigerBeetle's transfer ids).
    await expect(
      spec.sql("INSERT INTO ledger_transactions (type, reference) VALUES ('copy_withdraw', ?)", [`copy:${copy.id}:${operationRef(f.id, 'take-1')}`]),
    ).rejects.toMatchObject({ code: '23505' });
    // Two requests without a key are two operations: two postings with two references.
    await spec.t.http().post(`/api/copies/${copy.id}/funds`).set('Authorization', f.bearer).send({ amount: '1.00' }).expect(200);
    await spec.t.http().post(`/api/copies/${copy.id}/funds`).set('Authorization', f.bearer).send({ amount: '1.00' }).expect(200);
    expect(await count("SELECT 1 FROM ledger_transactions WHERE type = 'copy_fund' AND reference LIKE ?", [`copy:${copy.id}:op:%`])).toBe(2);
  });

  it('pause, resume, stop and the daily loss limit replay with their key', async () => {
    const trader = await spec.trader();
    const f = await spec.follower();
    const copy = (await spec.follow(f, { traderId: trader.traderId, amount: '100.00' }).expect(201)).body as { id: string };
    const paused = await keyed(f, `/api/copies/${copy.id}/pause`, 'pause-1').expect(200);
    expect(paused.body.status).toBe('paused');
    await keyed(f, `/api/copies/${copy.id}/resume`, 'resume-1').expect(200);
    // Replayed: the first answer (paused), not a 409 for a copy that is active again.
    const again = await keyed(f, `/api/copies/${copy.id}/pause`, 'pause-1').expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.status).toBe('paused');
    expect((await spec.myCopy(f, copy.id)).status).toBe('active');
    const limit = await spec.t.http().patch('/api/copies/settings').set('Authorization', f.bearer).set('Idempotency-Key', 'limit-1').send({ dailyLossLimit: '25.00' }).expect(200);
    const limitAgain = await spec.t.http().patch('/api/copies/settings').set('Authorization', f.bearer).set('Idempotency-Key', 'limit-1').send({ dailyLossLimit: '25.00' }).expect(200);
    expect(limitAgain.headers['idempotent-replayed']).toBe('true');
    expect(limitAgain.body).toEqual(limit.body);
    const stopped = await keyed(f, `/api/copies/${copy.id}/stop`, 'stop-1').expect(200);
    expect(stopped.body.status).toBe('stopped');
    await keyed(f, `/api/copies/${copy.id}/stop`, 'stop-1').expect(200);
    expect(await count("SELECT 1 FROM ledger_transactions WHERE type = 'copy_return' AND reference = ?", [`copy:${copy.id}:return`])).toBe(1);
  });

  it("an admin's trade for a trader is audited once, inside the trade's transaction; its replay audits nothing", async () => {
    const trader = await spec.trader();
    const admin = await createUser(spec.t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    await setQuote(spec.t, 'BTCUSDT', '60000');
    const path = `/api/trader/trades?traderId=${trader.traderId}`;
    const body = { symbol: 'BTCUSDT', side: 'sell', allocationPct: 5 };
    const first = await keyed(admin, path, 'admin-open-1', body).expect(201);
    await keyed(admin, path, 'admin-open-1', body).expect(201);
    const audits = await spec.sql<{ after: { tradeId: string } }>(
      "SELECT after FROM audit_log WHERE action = 'trader.trade_open' AND target_id = ?",
      [String(trader.traderId)],
    );
    expect(audits.map((a) => a.after.tradeId)).toEqual([first.body.trade.id]);
  });
});
