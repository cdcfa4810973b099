import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fundCash, insertTraderProfile } from '../../libs/copy-trading/src/testing/ledger-fixtures';
import { freePort } from '../support/free-port';
import { openSse } from '../support/sse';
import type { TestUser } from '../support/users';
import {
  call,
  connect,
  ledgerCheck,
  requireBuild,
  sleep,
  SOUND_LEDGER,
  startApi,
  stopApi,
  tempDir,
  userFactory,
  type ApiProcess,
  type CallResult,
} from '../faults/support/api-process';
import { startNginx, startPostgres, startRedis, type Nginx } from './support/services';

/**
 * The rolling restart's load: at least this long, at this rate, reads and keyed deposits half and half. The load
 * also runs through both restarts whatever they take (about 14 s here: 3 s on both, then each replica's SIGTERM,
 * drain, start and nginx's 5 s fail_timeout), and 3 s after the second.
 */
const LOAD_SECONDS = 20;
const LOAD_PER_SECOND = 20;

/**
 * The compose topology on one machine (docs/deploy.md, docs/scale.md): Debian's nginx running the project's own
 * deploy/nginx.conf (only the upstream addresses and the port changed: scripts/nginx-local.mjs) in front of two
 * API processes (the built server) on one PostgreSQL and one Redis. What the proxy and the drain must give
 * together: live streams through the proxy, the client's address as nginx saw it, and a rolling restart that
 * no client notices.
 */
describe('cluster: nginx (deploy/nginx.conf) in front of two API replicas', () => {
  const services: Array<{ stop(): Promise<void> }> = [];
  const replicas: ApiProcess[] = [];
  const report: string[] = [];
  let databaseUrl: string;
  let redisUrl: string;
  let nginx: Nginx;
  let db: Awaited<ReturnType<typeof connect>>;
  let newUser: ReturnType<typeof userFactory>;

  /** A replica on `port` (a restart keeps its port: nginx's upstream address). */
  const startReplica = (port: number) =>
    startApi({
      port,
      dataDir: tempDir('mirrorline-nginx-var-'),
      databaseUrl,
      // TRUST_PROXY: one hop, nginx (which overwrites X-Forwarded-For with the address it saw).
      // MARKET_MAX_FILL_AGE_MS: a busy machine can delay the leader's tick past the 2 s default (tested in the e2e tier).
      env: { REDIS_URL: redisUrl, TRUST_PROXY: 'true', OUTBOX_SWEEP_MS: '1000', MARKET_MAX_FILL_AGE_MS: '10000' },
    });
  const upstreamOf = (r: { headers: Record<string, unknown> }) => String(r.headers['x-upstream'] ?? '');
  const addressOf = (api: ApiProcess) => `127.0.0.1:${api.port}`;

  beforeAll(async () => {
    requireBuild();
    const redis = await startRedis();
    services.push(redis);
    redisUrl = redis.url;
    const pg = await startPostgres(join(tempDir('mirrorline-nginx-pg-'), 'pgdata'));
    services.push(pg);
    databaseUrl = pg.url;
    replicas.push(startReplica(await freePort()), startReplica(await freePort()));
    await Promise.all(replicas.map((api) => api.waitHealthy()));
    nginx = await startNginx(tempDir('mirrorline-nginx-'), replicas.map(addressOf));
    services.unshift(nginx); // stopped first
    db = await connect(databaseUrl);
    newUser = userFactory(() => db.sql);
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all(replicas.map((api) => stopApi(api)));
    for (const service of services) await service.stop();
    process.stdout.write(`\nCluster tier report (nginx)\n${report.map((line) => `  ${line}`).join('\n')}\n`);
  }, 90_000);

  it('passes live streams: a quote within 2 s of connecting, then ticks; a position event raised on the other replica', async () => {
    const connectedAt = Date.now();
    const market = await openSse(`${nginx.base}/api/market/stream?symbols=BTCUSDT`);
    expect(market.status).toBe(200);
    expect(market.headers['content-type']).toMatch(/^text\/event-stream/);
    const first = await market.next((e) => e.event === 'quote', 2_000); // product.md §9.7: the snapshot at once
    const quoteMs = Date.now() - connectedAt;
    const firstTime = JSON.parse(first.data).time as string;
    // A later tick (not the snapshot) passes too: the proxy does not buffer the stream.
    await market.next((e) => e.event === 'quote' && JSON.parse(e.data).time !== firstTime, 15_000);
    market.close();

    const trader = await newUser({ roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await insertTraderProfile(db.sql, trader.id, 20);
    const follower = await newUser({ kyc: 'Verified' });
    await fundCash(db.sql, follower.id, 10_000);
    const copy = await call(nginx.base, 'POST', '/api/copies', { body: { traderId, amount: '50.00' }, headers: { Authorization: follower.bearer } });
    expect(copy.status).toBe(201);
    const events = await openSse(`${nginx.base}/api/events/stream`, { Authorization: follower.bearer });
    expect(events.status).toBe(200);
    const streamOn = upstreamOf(events);
    const other = replicas.find((api) => addressOf(api) !== streamOn);
    expect(replicas.map(addressOf)).toContain(streamOn);
    // The trade is opened on the replica the stream is NOT on: the event crosses over PostgreSQL (LISTEN/NOTIFY).
    let opened: CallResult = await call(other!.base, 'POST', '/api/trader/trades', {
      body: { symbol: 'BTCUSDT', side: 'buy', allocationPct: 20 },
      headers: { Authorization: trader.bearer },
    });
    expect(opened.status).toBe(201);
    const event = await events.next((e) => e.event === 'position_opened', 15_000);
    expect(JSON.parse(event.data).data).toMatchObject({ tradeId: opened.body.trade.id, symbol: 'BTCUSDT' });
    events.close();
    opened = await call(other!.base, 'POST', `/api/trader/trades/${opened.body.trade.id}/close`, { body: {}, headers: { Authorization: trader.bearer } });
    expect(opened.status).toBe(200);
    report.push(
      `SSE through nginx: market/stream → first quote ${quoteMs} ms after connecting, then a live tick; events/stream on ${streamOn}, ` +
        `trade opened on ${addressOf(other!)} → position_opened on the stream`,
    );
  }, 90_000);

  it('a forged X-Forwarded-For does not escape the per-client login limit', async () => {
    // The client is 127.0.0.7 (what nginx sees); each request claims another address in X-Forwarded-For.
    const wrong = (localAddress: string, forged: string) =>
      call(nginx.base, 'POST', '/api/auth/login', {
        body: { email: `nobody-${randomUUID()}@example.test`, password: 'a wrong password' },
        headers: { 'X-Forwarded-For': forged },
        localAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await wrong('127.0.0.7', `203.0.113.${i + 1}`)).status);
    expect(statuses.filter((s) => s !== 401)).toEqual([]);
    const forged = await wrong('127.0.0.7', '198.51.100.77');
    expect(forged.status).toBe(429);
    expect(forged.headers['retry-after']).toBeDefined();
    // The limit is the client's, not everybody's: another client (address) still gets its answer.
    const stranger = await wrong('127.0.0.8', '203.0.113.1');
    expect(stranger.status).toBe(401);
    report.push(`forged X-Forwarded-For: 50 sign-ins from 127.0.0.7, each claiming another address → 401; the 51st → 429; from 127.0.0.8 → 401`);
  }, 120_000);

  it(`a rolling restart under ${LOAD_PER_SECOND} req/s (reads and keyed deposits) fails no request and applies every deposit once`, async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 20; i++) users.push(await newUser({ kyc: 'Verified' }));
    const accepted = new Map<string, { user: TestUser; id: string }>();
    const outcomes = new Map<string, number>();
    const served = new Map<string, number>();
    const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    const failures: string[] = [];
    const inFlight = new Set<Promise<void>>();

    // One request: through nginx, on a connection of its own; no retry by the client (nginx's own retry of a
    // connection refused is part of what is tested).
    const send = async (i: number): Promise<void> => {
      const user = users[i % users.length];
      const deposit = i % 2 === 0;
      const key = randomUUID();
      try {
        const r = deposit
          ? await call(nginx.base, 'POST', '/api/wallet/deposit', { body: { amount: '1.00' }, headers: { Authorization: user.bearer, 'Idempotency-Key': key } })
          : await call(nginx.base, 'GET', '/api/wallet', { headers: { Authorization: user.bearer } });
        count(outcomes, String(r.status));
        count(served, upstreamOf(r)); // "a, b": refused by a, retried by nginx on b
        if (r.status >= 500) failures.push(`${deposit ? 'deposit' : 'read'} → ${r.status} ${JSON.stringify(r.body)} via ${upstreamOf(r)}`);
        if (deposit && r.status === 201) accepted.set(key, { user, id: String(r.body.id) });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        count(outcomes, code);
        failures.push(`${deposit ? 'deposit' : 'read'} → ${code}`);
      }
    };

    // Open loop: a request every 1/LOAD_PER_SECOND s whatever the answers take, until told to stop.
    let stop = false;
    let sent = 0;
    const began = Date.now();
    const load = (async () => {
      while (!stop) {
        const due = began + (sent * 1000) / LOAD_PER_SECOND;
        if (Date.now() < due) await sleep(due - Date.now());
        const p = send(sent++).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    })();

    // Until nginx sends requests to `api` again (it marks a refusing replica down for fail_timeout, 5 s).
    const routedTo = async (api: ApiProcess) => {
      for (const until = Date.now() + 60_000; Date.now() < until; await sleep(200)) {
        const r = await call(nginx.base, 'GET', '/api/health').catch(() => null);
        if (r?.status === 200 && upstreamOf(r) === addressOf(api)) return;
      }
      throw new Error(`nginx did not route to ${addressOf(api)} again within 60 s:\n${nginx.errors()}`);
    };
    const steps: string[] = [];
    await sleep(3_000); // the load runs on both before the first stop
    for (const index of [0, 1]) {
      const leaving = replicas[index];
      const stoppedAt = Date.now();
      process.kill(leaving.pid, 'SIGTERM');
      const exit = await leaving.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      const drainMs = Date.now() - stoppedAt;
      replicas[index] = startReplica(leaving.port);
      const healthyMs = await replicas[index].waitHealthy();
      await routedTo(replicas[index]);
      steps.push(`${addressOf(leaving)}: SIGTERM → exit 0 in ${drainMs} ms, restarted, healthy in ${healthyMs} ms, routed again ${Date.now() - stoppedAt} ms after the SIGTERM`);
    }
    // The load goes on for LOAD_SECONDS at least, and a few seconds after the second restart.
    const restartsDoneAt = Date.now();
    while (Date.now() - began < LOAD_SECONDS * 1000 || Date.now() - restartsDoneAt < 3_000) await sleep(200);
    stop = true;
    await load;
    await Promise.all([...inFlight]);
    const seconds = (Date.now() - began) / 1000;

    expect(failures).toEqual([]);
    expect(seconds).toBeGreaterThanOrEqual(LOAD_SECONDS);
    expect(sent).toBeGreaterThanOrEqual(LOAD_SECONDS * LOAD_PER_SECOND);
    // Every accepted key exactly once: one deposit per key, the one its answer named, and no other deposit.
    const deposits = await db.sql<{ id: string; user_id: string }>(
      "SELECT id, user_id FROM wallet_transactions WHERE user_id = ANY(?::uuid[]) AND type = 'deposit'",
      [users.map((u) => u.id)],
    );
    expect(deposits).toHaveLength(accepted.size);
    expect(new Set(deposits.map((d) => d.id))).toEqual(new Set([...accepted.values()].map((a) => a.id)));
    const keys = await db.sql<{ key: string; id: string }>(
      "SELECT key, response->'body'->>'id' AS id FROM idempotency_keys WHERE user_id = ANY(?::uuid[])",
      [users.map((u) => u.id)],
    );
    expect(new Map(keys.map((k) => [k.key, k.id]))).toEqual(new Map([...accepted.entries()].map(([key, a]) => [key, a.id])));
    expect(await ledgerCheck(db.sql)).toEqual(SOUND_LEDGER);
    report.push(
      `rolling restart under load: ${sent} requests in ${seconds.toFixed(1)} s through nginx (${(sent / seconds).toFixed(1)}/s): ` +
        `${[...outcomes.entries()].map(([s, n]) => `${s}×${n}`).join(' ')}; served by ${[...served.entries()].map(([s, n]) => `${s.includes(',') ? `${s.split(', ').at(-1)} after nginx's retry` : s || '?'} ×${n}`).join('; ')}; ` +
        `${accepted.size} deposits for ${accepted.size} accepted keys`,
      ...steps.map((s) => `  ${s}`),
    );
  }, 300_000);
});
