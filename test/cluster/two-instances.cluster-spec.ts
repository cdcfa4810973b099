import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { fundCash, insertTraderProfile } from '../../libs/copy-trading/src/testing/ledger-fixtures';
import { freePort } from '../support/free-port';
import type { TestUser } from '../support/users';
import {
  alive,
  bound,
  call,
  connect,
  killGroup,
  ledgerCheck,
  requireBuild,
  sleep,
  SOUND_LEDGER,
  startApi,
  tempDir,
  userFactory,
  type ApiProcess,
  type CallResult,
} from '../faults/support/api-process';
import { startPostgres, startRedis, type Service } from './support/services';

/**
 * The one place where a trader opens and closes a trade in this tier: market orders on BTCUSDT (open around
 * the clock), filled at the quotes of the simulated market that the feed leader among the instances ticks.
 */
async function openTrade(base: string, trader: TestUser): Promise<CallResult> {
  return call(base, 'POST', '/api/trader/trades', {
    body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 20 },
    headers: { Authorization: trader.bearer },
  });
}
async function closeTrade(base: string, trader: TestUser, tradeId: string): Promise<CallResult> {
  return call(base, 'POST', `/api/trader/trades/${tradeId}/close`, { body: {}, headers: { Authorization: trader.bearer } });
}

/**
 * `npm run test:cluster`: two API processes (the built server) on loopback ports, sharing one PostgreSQL
 * and one Redis, as behind a load balancer. Shows what must hold across instances: login throttling,
 * refresh-token rotation, idempotent money requests, a dead instance's pending notices, and a drain under
 * load that drops nothing.
 */
describe('cluster: two API instances on one PostgreSQL and one Redis', () => {
  let redis: Service & { url: string };
  let pg: Service & { url: string };
  let databaseUrl: string;
  let redisUrl: string;
  let a: ApiProcess;
  let b: ApiProcess;
  let db: Awaited<ReturnType<typeof connect>>;
  let newUser: ReturnType<typeof userFactory>;
  const report: string[] = [];
  const started: ApiProcess[] = [];

  const startInstance = async () => {
    const api = startApi({
      port: await freePort(),
      dataDir: tempDir('mirrorline-cluster-var-'),
      databaseUrl,
      // MARKET_MAX_FILL_AGE_MS: a busy machine can delay the leader's tick past the 2 s default (tested in the e2e tier).
      env: { REDIS_URL: redisUrl, TRUST_PROXY: 'true', OUTBOX_SWEEP_MS: '1000', MARKET_MAX_FILL_AGE_MS: '10000' },
    });
    started.push(api);
    return api;
  };

  beforeAll(async () => {
    requireBuild();
    redis = await startRedis();
    redisUrl = redis.url;
    pg = await startPostgres(join(tempDir('mirrorline-cluster-pg-'), 'pgdata'));
    databaseUrl = pg.url;
    // Both at once: the start-up preparation (migrations, bootstrap admin) runs under an advisory lock.
    [a, b] = [await startInstance(), await startInstance()];
    const [msA, msB] = await Promise.all([a.waitHealthy(), b.waitHealthy()]);
    report.push(`two instances started together on one database: healthy in ${msA} and ${msB} ms (migrations ran once, under the advisory lock)`);
    db = await connect(databaseUrl);
    newUser = userFactory(() => db.sql);
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    for (const api of started) killGroup(api);
    await Promise.all(started.map((api) => Promise.race([api.exited, bound(5_000)])));
    await pg?.stop();
    await redis?.stop();
    process.stdout.write(`\nCluster tier report\n${report.map((line) => `  ${line}`).join('\n')}\n`);
  }, 60_000);

  it('ran the migrations once', async () => {
    const [{ n }] = await db.sql<{ n: string }>('SELECT count(*) AS n FROM mikro_orm_migrations');
    const [{ d }] = await db.sql<{ d: string }>('SELECT count(DISTINCT name) AS d FROM mikro_orm_migrations');
    expect(Number(n)).toBe(Number(d));
    expect(Number((await db.sql<{ n: string }>("SELECT count(*) AS n FROM users WHERE 'Admin' = ANY(roles)"))[0].n)).toBe(1);
  });

  it('counts login throttling across both: per email in PostgreSQL, per client address in Redis', async () => {
    const user = await newUser({ kyc: 'Verified', passwordHash: await hash('the right password 123') });
    const wrong = (api: ApiProcess, ip: string, email = user.email) =>
      call(api.base, 'POST', '/api/auth/login', { body: { email, password: 'a wrong password' }, headers: { 'X-Forwarded-For': ip } });
    const statuses: number[] = [];
    // product.md §10: failures count per (email, client address), in PostgreSQL, so both instances see them.
    for (let i = 0; i < 5; i++) statuses.push((await wrong(i % 2 ? b : a, '10.71.0.1')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await wrong(b, '10.71.0.1');
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // …and a stranger's failures do not lock the owner out from another address.
    expect((await wrong(a, '10.71.0.9')).status).toBe(401);

    // One client address, unknown emails (no email lock): 50 sign-ins a quarter of an hour, wherever they land.
    const ip = '10.72.0.1';
    const perIp: number[] = [];
    for (let i = 0; i < 50; i++) perIp.push((await wrong(i % 2 ? b : a, ip, `nobody-${i}-${randomUUID()}@example.test`)).status);
    expect(perIp.filter((s) => s !== 401)).toEqual([]);
    const overA = await wrong(a, ip, `nobody-x-${randomUUID()}@example.test`);
    const overB = await wrong(b, ip, `nobody-y-${randomUUID()}@example.test`);
    expect([overA.status, overB.status]).toEqual([429, 429]);
    report.push(`login throttling: 5 failures alternating A/B → 6th on B 429 (email lock); 50 sign-ins from one address alternating A/B → 51st on A and on B 429 (Redis)`);
  }, 120_000);

  it('refuses on one instance a refresh token rotated on the other', async () => {
    const password = 'the right password 456';
    const user = await newUser({ kyc: 'Verified', passwordHash: await hash(password) });
    const login = await call(a.base, 'POST', '/api/auth/login', { body: { email: user.email, password }, headers: { 'X-Forwarded-For': '10.73.0.1' } });
    expect(login.status).toBe(200);
    const cookieOf = (r: CallResult) => String((r.headers['set-cookie'] as string[]).find((c) => c.startsWith('refresh_token='))).split(';')[0];
    const first = cookieOf(login);
    const rotated = await call(a.base, 'GET', '/api/auth/refresh', { headers: { Cookie: first } });
    expect(rotated.status).toBe(200);
    const second = cookieOf(rotated);
    expect(second).not.toBe(first);
    const replayed = await call(b.base, 'GET', '/api/auth/refresh', { headers: { Cookie: first } });
    expect(replayed.status).toBe(403); // product.md §6: expired, revoked or reused
    expect(replayed.body.code).toBe('AUTH.REFRESH_REJECTED');
    // Reuse revokes the whole family, on every instance: the newest token dies too, on A.
    const newest = await call(a.base, 'GET', '/api/auth/refresh', { headers: { Cookie: second } });
    expect(newest.status).toBe(403);
    report.push(`refresh rotation: rotated on A (200); the old token on B → ${replayed.status} ${replayed.body.code}; then the newest on A → ${newest.status} (family revoked)`);
  }, 60_000);

  it('an idempotent withdrawal replayed on the other instance has one effect', async () => {
    const user = await newUser({ kyc: 'Verified' });
    await fundCash(db.sql, user.id, 10_000);
    const key = randomUUID();
    const send = (api: ApiProcess) =>
      call(api.base, 'POST', '/api/wallet/withdraw', { body: { amount: '25.00', destination: 'DE89 3704 0044 0532 0130 00' }, headers: { Authorization: user.bearer, 'Idempotency-Key': key } });
    const first = await send(a);
    const again = await send(b);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await db.sql("SELECT 1 FROM wallet_transactions WHERE user_id = ? AND type = 'withdrawal'", [user.id])).toHaveLength(1);
    const wallet = await call(b.base, 'GET', '/api/wallet', { headers: { Authorization: user.bearer } });
    expect(wallet.body.balance).toBe('75.00');
    expect(await ledgerCheck(db.sql)).toEqual(SOUND_LEDGER);
    report.push(`idempotent withdrawal: A 201, same key on B 201 replayed; 1 withdrawal, balance 100.00 → 75.00`);
  }, 60_000);

  it('killing one instance mid-trade loses nothing: its pending notices are delivered by the other', async () => {
    const trader = await newUser({ roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await insertTraderProfile(db.sql, trader.id, 20);
    const followers: TestUser[] = [];
    for (let i = 0; i < 40; i++) {
      const f = await newUser({ kyc: 'Verified' });
      await fundCash(db.sql, f.id, 10_000);
      const copy = await call(b.base, 'POST', '/api/copies', { body: { traderId, amount: '50.00' }, headers: { Authorization: f.bearer } });
      expect(copy.status).toBe(201);
      followers.push(f);
    }
    // Open on A and kill A the moment it answers: its notice delivery runs right after the commit.
    const opened = await openTrade(a.base, trader);
    process.kill(-a.pid, 'SIGKILL');
    expect(opened.status).toBe(201);
    const tradeId = String(opened.body.trade.id);
    await a.exited;
    const pendingAtKill = Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM copy_trade_notices'))[0].n);
    const killedAt = Date.now();
    const openedNotices = () => db.sql("SELECT 1 FROM notifications WHERE type = 'copy_opened' AND data->>'tradeId' = ?", [tradeId]);
    while ((await openedNotices()).length < followers.length && Date.now() - killedAt < 15_000) await sleep(100);
    const deliveredMs = Date.now() - killedAt;
    expect(await openedNotices()).toHaveLength(followers.length);
    expect(await db.sql('SELECT 1 FROM copy_trade_notices')).toHaveLength(0);
    expect(Number((await db.sql<{ n: string }>('SELECT count(*) AS n FROM copy_positions WHERE trade_id = ?', [tradeId]))[0].n)).toBe(followers.length);

    // The trade goes on on B: it closes and settles every position, each follower hears of it once. If A led
    // the market feed, B takes the feed over (advisory lock) and its quotes are fresh again within seconds;
    // until then a close is a clean 503 MARKET.NO_QUOTE, never a fill on a stale price.
    let closed = await closeTrade(b.base, trader, tradeId);
    for (const started = Date.now(); closed.status === 503 && Date.now() - started < 30_000; ) {
      expect(closed.body.code).toBe('MARKET.NO_QUOTE');
      await sleep(500);
      closed = await closeTrade(b.base, trader, tradeId);
    }
    expect(closed.status).toBe(200);
    const closedNotices = () => db.sql("SELECT 1 FROM notifications WHERE type = 'copy_closed' AND data->>'tradeId' = ?", [tradeId]);
    const closedAt = Date.now();
    while ((await closedNotices()).length < followers.length && Date.now() - closedAt < 10_000) await sleep(100);
    expect(await closedNotices()).toHaveLength(followers.length);
    expect(await db.sql('SELECT 1 FROM copy_positions WHERE trade_id = ? AND NOT settled', [tradeId])).toHaveLength(0);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    report.push(
      `kill -9 of A right after it opened a trade for ${followers.length} copies: ${pendingAtKill} notice(s) pending at the kill; all ${followers.length} ` +
        `"copied" notifications present ${deliveredMs} ms after it (B's sweep: OUTBOX_SWEEP_MS=1000); closed on B, all settled and notified; ledger ${JSON.stringify(ledger)}`,
    );
  }, 120_000);

  it('SIGTERM on one instance while load runs on both drops no request', async () => {
    a = await startInstance();
    await a.waitHealthy();
    const users: TestUser[] = [];
    for (let i = 0; i < 10; i++) users.push(await newUser({ kyc: 'Verified' }));
    const instances = [a, b];
    const keys: Array<{ key: string; user: TestUser }> = [];
    const failovers = { ECONNREFUSED: 0, ECONNRESET: 0 };
    const statuses = new Map<string, number>();
    // A client behind the load balancer: round robin; a connection refused or reset before any answer by a
    // leaving instance is retried on the other one (what nginx does), money requests with their same key.
    const request = async (i: number): Promise<void> => {
      const user = users[i % users.length];
      const deposit = i % 2 === 0;
      const key = randomUUID();
      if (deposit) keys.push({ key, user });
      for (let attempt = 0; attempt < 4; attempt++) {
        const api = instances[(i + attempt) % 2];
        try {
          const r = deposit
            ? await call(api.base, 'POST', '/api/wallet/deposit', { body: { amount: '1.00' }, headers: { Authorization: user.bearer, 'Idempotency-Key': key } })
            : await call(api.base, 'GET', '/api/wallet', { headers: { Authorization: user.bearer } });
          statuses.set(String(r.status), (statuses.get(String(r.status)) ?? 0) + 1);
          return;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          if (code !== 'ECONNREFUSED' && code !== 'ECONNRESET') throw error;
          failovers[code]++;
        }
      }
      statuses.set('dropped', (statuses.get('dropped') ?? 0) + 1);
    };
    const total = 300;
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        if (i === 100) process.kill(b.pid, 'SIGTERM');
        await request(i);
      }
    };
    const began = Date.now();
    await Promise.all(Array.from({ length: 16 }, worker));
    const seconds = (Date.now() - began) / 1000;
    const exit = await b.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(statuses.get('dropped')).toBeUndefined();
    expect([...statuses.keys()].filter((s) => !['200', '201'].includes(s))).toEqual([]);
    const [{ n }] = await db.sql<{ n: string }>(
      "SELECT count(*) AS n FROM wallet_transactions WHERE user_id = ANY(?::uuid[]) AND type = 'deposit'",
      [users.map((u) => u.id)],
    );
    expect(Number(n)).toBe(keys.length);
    expect(await db.sql('SELECT 1 FROM idempotency_keys WHERE response IS NULL')).toEqual([]);
    expect(alive(a.pid)).toBe(true);
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    report.push(
      `SIGTERM on B at request 100 of ${total} (16 in flight, ${seconds.toFixed(1)} s): ${[...statuses.entries()].map(([s, c]) => `${s}×${c}`).join(' ')}, ` +
        `${failovers.ECONNREFUSED} refused and ${failovers.ECONNRESET} reset connection(s) retried on A, none dropped; B exit code ${exit.code}; ${keys.length} deposits for ${keys.length} keys; ledger ${JSON.stringify(ledger)}`,
    );
  }, 180_000);
});
