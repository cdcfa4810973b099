import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { eventually } from '../support/eventually';
import { closeAt, openAt, setQuote } from '../support/market';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/users';

const run = promisify(execFile);
const DAY_MS = 86_400_000;

/**
 * The verification script of docs/copy-trading.md ("Verify a trader's record yourself"), taken from the page itself,
 * so the script that readers copy is the one that is tested.
 */
function docsScript(): string {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'copy-trading.md'), 'utf8');
  const match = /<!-- verify-record\.mjs -->\n```js\n([\s\S]*?)\n```/.exec(page);
  if (!match) throw new Error('docs/copy-trading.md has no verify-record.mjs block');
  const file = join(mkdtempSync(join(tmpdir(), 'mirrorline-record-')), 'verify-record.mjs');
  writeFileSync(file, match[1]);
  return file;
}

/**
 * product.md §12.4: every close path appends its trade to the trader's hash chain in the close's transaction; the
 * chain recomputed from the public API (by the docs' script) equals the stored one, and an edit of a closed trade's
 * row or of a stored hash breaks the recomputation.
 */
describe('the verifiable record (GET traders/:id/record, record/heads)', () => {
  let t: TestApp;
  let sql: fx.Sql;
  let tr: TestUser & { traderId: number };
  let admin: TestUser;
  let script: string;
  let base: string;
  const trades: string[] = [];

  beforeAll(async () => {
    // The daily heads follow the UTC day of each close: the spec's closes must not straddle midnight (its last case
    // moves a day on by hand). Less than 10 minutes before midnight, it starts once the day has changed.
    const day = () => new Date().toISOString().slice(0, 10);
    const start = day();
    if (Date.now() % DAY_MS > DAY_MS - 10 * 60_000) await eventually(() => day() !== start, { timeoutMs: 11 * 60_000, intervalMs: 1000, what: 'the UTC day to change' });
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
    const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    tr = { ...user, traderId: await fx.insertTraderProfile(sql, user.id, 20) };
    admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    const follower = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 1_000_000);
    await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId: tr.traderId, amount: '5000.00' }).expect(201);
    script = docsScript();
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, 15 * 60_000);
  afterAll(() => t.close());

  const record = async (query = '') => (await t.http().get(`/api/traders/${tr.traderId}/record${query}`).expect(200)).body;
  const heads = async () => (await t.http().get(`/api/traders/${tr.traderId}/record/heads`).expect(200)).body.items;
  const verify = async (): Promise<{ code: number; out: string }> => {
    try {
      const { stdout } = await run(process.execPath, [script, base, String(tr.traderId)], { timeout: 60_000 });
      return { code: 0, out: stdout.trim() };
    } catch (error) {
      const e = error as { code?: number; stderr?: string };
      return { code: e.code ?? -1, out: (e.stderr ?? '').trim() };
    }
  };

  it('every close path appends a link in the order the trades closed: the trader, an Admin, the watcher\'s stop loss', async () => {
    const opened = async (symbol: string, body: Record<string, unknown> = {}) =>
      (await openAt(t, tr.bearer, '100', { symbol, allocationPct: 10, ...body }).expect(201)).body.trade.id as string;
    trades.push(await opened('BTCUSDT'));
    await closeAt(t, tr.bearer, trades[0], '110.5').expect(200);
    trades.push(await opened('ETHUSDT', { side: 'sell' }));
    await closeAt(t, admin.bearer, trades[1], '104', `?traderId=${tr.traderId}`).expect(200);
    trades.push(await opened('SOLUSDT', { stopLoss: '95' }));
    await setQuote(t, 'SOLUSDT', '94'); // the price watcher closes it at the stop loss
    const [closed] = await sql<{ status: string }>('SELECT status FROM trader_trades WHERE id = ?', [trades[2]]);
    expect(closed.status).toBe('closed');

    const page = await record();
    expect(page.nextAfter).toBeNull();
    expect(page.items.map((l: { seq: number; fields: { tradeId: string; closeReason: string } }) => [l.seq, l.fields.tradeId, l.fields.closeReason])).toEqual([
      [1, trades[0], 'manual'],
      [2, trades[1], 'manual'],
      [3, trades[2], 'stop_loss'],
    ]);
    const [first] = page.items;
    const [row] = await sql<{ opened_at: Date; closed_at: Date }>('SELECT opened_at, closed_at FROM trader_trades WHERE id = ?', [trades[0]]);
    expect(first.fields).toEqual({
      tradeId: trades[0], symbol: 'BTCUSDT', side: 'buy', allocationPct: '10', entryPrice: '100', exitPrice: '110.5',
      openedAt: new Date(row.opened_at).toISOString(), closedAt: new Date(row.closed_at).toISOString(), pnlPct: '10.5000', closeReason: 'manual',
    });
    // The served hashes are the stored ones.
    const stored = await sql<{ seq: number; hash: string }>('SELECT seq, hash FROM trader_record WHERE trader_id = ? ORDER BY seq', [tr.traderId]);
    expect(stored.map((r) => r.hash)).toEqual(page.items.map((l: { hash: string }) => l.hash));
    // Today's head is the last link, not final until the day ends.
    expect(await heads()).toEqual([{ date: new Date(row.closed_at).toISOString().slice(0, 10), seq: 3, hash: page.items[2].hash, final: false }]);
  });

  it('the docs\' script recomputes the chain from the public API and finds it whole', async () => {
    const result = await verify();
    expect(result).toEqual({ code: 0, out: `OK: 3 links, head ${(await record()).items[2].hash}, 1 daily heads match` });
  });

  it('GET traders/:id/trades: the public position history, newest first, with prices and times but no money size', async () => {
    const openId = (await openAt(t, tr.bearer, '100', { symbol: 'ETHUSDT', allocationPct: 5 }).expect(201)).body.trade.id as string;
    await setQuote(t, 'ETHUSDT', '90');
    const history = async (query: string) => (await t.http().get(`/api/traders/${tr.traderId}/trades${query}`).expect(200)).body;

    const closed = await history('?status=closed');
    expect(closed).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(closed.items.map((x: { id: string }) => x.id)).toEqual([...trades].reverse());
    // The closed trades carry the record's fields (allocationPct as a number here), plus the holding time.
    for (const link of (await record()).items) {
      const item = closed.items.find((x: { id: string }) => x.id === link.fields.tradeId);
      const { tradeId, allocationPct, ...rest } = link.fields;
      expect(item).toEqual({
        id: tradeId, status: 'closed', allocationPct: Number(allocationPct), ...rest,
        holdingSeconds: Math.floor((Date.parse(rest.closedAt) - Date.parse(rest.openedAt)) / 1000),
      });
    }
    const open = await history('?status=open');
    expect(open.total).toBe(1);
    expect(open.items[0]).toMatchObject({ id: openId, status: 'open', symbol: 'ETHUSDT', side: 'buy', allocationPct: 5, entryPrice: '100', exitPrice: null, closedAt: null, closeReason: null, pnlPct: '-10.0000' });
    expect(open.items[0].holdingSeconds).toBeGreaterThanOrEqual(0);
    expect((await history('?page=2&limit=2')).items.map((x: { id: string }) => x.id)).toEqual([trades[1], trades[0]]);
    expect(await history('?page=9')).toMatchObject({ total: 4, items: [] });
    for (const query of ['status=pending', 'page=0', 'limit=101', 'limit=x', 'size=1']) {
      const res = await t.http().get(`/api/traders/${tr.traderId}/trades?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await t.http().get('/api/traders/999999/trades')).status).toBe(404);
  });

  it('GET traders/:id/risk: the page\'s risk score, its two components and 90 days of history ending today', async () => {
    const profile = (await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).body;
    const risk = (await t.http().get(`/api/traders/${tr.traderId}/risk`).expect(200)).body;
    expect(risk.score).toBe(profile.riskScore);
    expect(risk.components.map((c: { name: string }) => c.name)).toEqual(['history', 'open']);
    // The open ETHUSDT trade holds 5 % of the equity in crypto: a value at risk of its own.
    expect(risk.components[1].value).toBeGreaterThan(0);
    expect(risk.components.map((c: { weight: number }) => c.weight).sort()).toEqual([0, 1]);
    expect(risk.history).toHaveLength(90);
    const [{ today }] = await sql<{ today: string }>("SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS today");
    expect(risk.history[89]).toEqual({ date: today, score: risk.score });
    expect(new Set(risk.history.map((p: { date: string }) => p.date)).size).toBe(90);
    expect((await t.http().get('/api/traders/999999/risk')).status).toBe(404);
    expect((await t.http().get('/api/traders/x/risk')).status).toBe(400);
  });

  it('pages by seq; a page past the end is empty; bad after or limit → 400; an unknown trader → 404', async () => {
    const all = (await record()).items;
    expect(await record('?after=1&limit=1')).toEqual({ items: [all[1]], nextAfter: 2 });
    expect(await record('?after=2&limit=1')).toEqual({ items: [all[2]], nextAfter: 3 });
    expect(await record('?after=3&limit=1')).toEqual({ items: [], nextAfter: null });
    expect(await record('?after=1000')).toEqual({ items: [], nextAfter: null });
    for (const query of ['after=-1', 'after=abc', 'after=1.5', 'after=2147483648', 'limit=0', 'limit=501', 'limit=x', 'cursor=1']) {
      const res = await t.http().get(`/api/traders/${tr.traderId}/record?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
    for (const path of ['record', 'record/heads']) {
      expect((await t.http().get(`/api/traders/999999/${path}`)).status).toBe(404);
      expect((await t.http().get(`/api/traders/abc/${path}`)).status).toBe(400);
    }
  });

  it('the record is append-only in the database', async () => {
    await expect(sql("UPDATE trader_record SET hash = repeat('a', 64) WHERE trader_id = ?", [tr.traderId])).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM trader_record WHERE trader_id = ?', [tr.traderId])).rejects.toThrow(/append-only/);
  });

  it('editing a closed trade\'s row breaks the recomputed chain at that link', async () => {
    await sql("UPDATE trader_trades SET exit_price = 111, pnl_pct = 11 WHERE id = ?", [trades[0]]);
    try {
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.out).toMatch(new RegExp(`^BROKEN: link 1 \\(trade ${trades[0]}\\): recomputed [0-9a-f]{64}, served [0-9a-f]{64}$`));
    } finally {
      await sql("UPDATE trader_trades SET exit_price = 110.5, pnl_pct = 10.5 WHERE id = ?", [trades[0]]);
    }
    expect((await verify()).code).toBe(0);
  });

  it('editing a stored hash (past the trigger) breaks it too', async () => {
    const all = (await record()).items;
    await sql('ALTER TABLE trader_record DISABLE TRIGGER trader_record_append_only');
    try {
      await sql("UPDATE trader_record SET hash = repeat('0', 64) WHERE trader_id = ? AND seq = 2", [tr.traderId]);
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/^BROKEN: link 2 /);
      await sql('UPDATE trader_record SET hash = ? WHERE trader_id = ? AND seq = 2', [all[1].hash, tr.traderId]);
    } finally {
      await sql('ALTER TABLE trader_record ENABLE TRIGGER trader_record_append_only');
    }
    expect((await verify()).code).toBe(0);
  });

  it('the first close of a later UTC day stores the previous day\'s head, which then never moves', async () => {
    // The links so far are moved to yesterday (recorded_at is not hashed), as if the day had ended since.
    await sql('ALTER TABLE trader_record DISABLE TRIGGER trader_record_append_only');
    try {
      await sql("UPDATE trader_record SET recorded_at = recorded_at - interval '1 day' WHERE trader_id = ?", [tr.traderId]);
    } finally {
      await sql('ALTER TABLE trader_record ENABLE TRIGGER trader_record_append_only');
    }
    const before = (await record()).items;
    const [{ day: yesterday }] = await sql<{ day: string }>("SELECT to_char((recorded_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day FROM trader_record WHERE trader_id = ? AND seq = 3", [tr.traderId]);
    // Before the next close, yesterday's head is derived from the last link, already final.
    expect(await heads()).toEqual([{ date: yesterday, seq: 3, hash: before[2].hash, final: true }]);

    const id = (await openAt(t, tr.bearer, '100', { symbol: 'BNBUSDT', allocationPct: 10 }).expect(201)).body.trade.id as string;
    await closeAt(t, tr.bearer, id, '99').expect(200);
    const after = (await record()).items;
    expect(after.slice(0, 3)).toEqual(before);
    expect(after[3]).toMatchObject({ seq: 4, fields: { tradeId: id, pnlPct: '-1.0000' } });
    const list = await heads();
    expect(list).toEqual([
      { date: yesterday, seq: 3, hash: before[2].hash, final: true },
      { date: expect.any(String), seq: 4, hash: after[3].hash, final: false },
    ]);
    expect(list[1].date > yesterday).toBe(true);
    expect(await sql('SELECT seq, hash FROM trader_record_heads WHERE trader_id = ?', [tr.traderId])).toEqual([{ seq: 3, hash: before[2].hash }]);
    await expect(sql("UPDATE trader_record_heads SET hash = repeat('a', 64) WHERE trader_id = ?", [tr.traderId])).rejects.toThrow(/append-only/);
    const result = await verify();
    expect(result).toEqual({ code: 0, out: `OK: 4 links, head ${after[3].hash}, 2 daily heads match` });
  });
});
