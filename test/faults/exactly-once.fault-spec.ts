import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { operationRef } from '@mirrorline/wallet';
import { freePort } from '../support/free-port';
import type { TestUser } from '../support/users';
import {
  call,
  connect,
  embeddedUrl,
  ledgerCheck,
  postgresPids,
  requireBuild,
  running,
  sleep,
  SOUND_LEDGER,
  startApi,
  stopApi,
  tempDir,
  userFactory,
  type ApiProcess,
  type CallResult,
} from './support/api-process';

/**
 * Exactly once under crashes (product.md §11.2): the built server is killed, or its PostgreSQL is, between a
 * money-moving request's commit and its answer, then the client retries with the same Idempotency-Key after the
 * old 60 s takeover window. Every case counts the effects per key (postings, trades, positions), not only the
 * ledger's balance: a second transfer that balances is still a second transfer.
 *
 * The failure points are injected by the server itself (FAULT_INJECTION=true, never in production; the request
 * names the point with `X-Fault-Injection`): `crash-after-commit` SIGKILLs the process right after the commit,
 * `hold-after-commit` keeps the answer until PostgreSQL stops answering (the test kills it), so the kill always
 * lands in the window instead of by luck.
 */
describe('faults: exactly once, with the API or PostgreSQL killed between the commit and the answer', () => {
  let dataDir: string;
  let port: number;
  let pgPort: number;
  let api: ApiProcess | undefined;
  let db: Awaited<ReturnType<typeof connect>>;
  let newUser: ReturnType<typeof userFactory>;
  const report: string[] = [];

  const start = async () => {
    api = startApi({ port, dataDir, embeddedPgPort: pgPort, env: { FAULT_INJECTION: 'true' } });
    const ms = await api.waitHealthy();
    db = await connect(embeddedUrl(dataDir, pgPort));
    return ms;
  };
  const post = (who: TestUser, path: string, key: string, body: unknown = {}, fault?: string) =>
    call(api!.base, 'POST', path, { body, headers: { Authorization: who.bearer, 'Idempotency-Key': key, ...(fault ? { 'X-Fault-Injection': fault } : {}) } });
  const cut = (p: Promise<CallResult>) => p.then((r) => `answered ${r.status} ${JSON.stringify(r.body)}`, (e: NodeJS.ErrnoException) => e.code ?? e.message);
  /** Sends a request that asks the server to die right after its commit; the client must see no answer. */
  const crashAfterCommit = async (who: TestUser, path: string, key: string, body: unknown) => {
    const seen = await cut(post(who, path, key, body, 'crash-after-commit'));
    expect(seen).not.toMatch(/^answered/); // the client never got an answer (an answer here means the effect failed first)
    await api!.exited;
    await db.end();
    return seen;
  };
  const count = async (query: string, params: unknown[]) => Number((await db.sql<{ n: string }>(`SELECT count(*)::text AS n FROM (${query}) x`, params))[0].n);
  /** Moves the key's record 2 minutes back: a retry now comes after the old stale-claim takeover window (60 s). */
  const ageKey = (userId: string, key: string) =>
    db.sql("UPDATE idempotency_keys SET created_at = created_at - interval '2 minutes' WHERE user_id = ? AND key = ?", [userId, key]);

  async function traderWithCopy(amount: string) {
    const trader = await newUser({ roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(db.sql, trader.id);
    const follower = await newUser({ kyc: 'Verified' });
    await fx.fundCash(db.sql, follower.id, 100_000);
    const follow = await call(api!.base, 'POST', '/api/copies', { body: { traderId, amount }, headers: { Authorization: follower.bearer } });
    expect(follow.status).toBe(201);
    return { trader, traderId, follower, copyId: follow.body.id as string };
  }

  beforeAll(async () => {
    requireBuild();
    dataDir = tempDir('mirrorline-exactly-once-');
    port = await freePort();
    pgPort = await freePort();
    const ms = await start();
    report.push(`first start: healthy in ${ms} ms`);
    newUser = userFactory(() => db.sql);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stopApi(api);
    process.stdout.write(`\nExactly-once fault report\n${report.map((line) => `  ${line}`).join('\n')}\n`);
  }, 60_000);

  it('kill -9 after a copy withdrawal committed, retry with the same key after the takeover window: one withdrawal', async () => {
    const { follower, copyId } = await traderWithCopy('300.00');
    const key = randomUUID();
    const path = `/api/copies/${copyId}/withdraw`;
    const seen = await crashAfterCommit(follower, path, key, { amount: '40.00' });
    const restartMs = await start();
    await ageKey(follower.id, key);
    const retry = await post(follower, path, key, { amount: '40.00' });
    const retryAgain = await post(follower, path, key, { amount: '40.00' });
    const postings = await count("SELECT 1 FROM ledger_transactions WHERE type = 'copy_withdraw' AND reference LIKE ?", [`copy:${copyId}:%`]);
    const [{ equity }] = await db.sql<{ equity: string }>('SELECT balance::text AS equity FROM ledger_accounts WHERE copy_id = ?', [copyId]);
    const ledger = await ledgerCheck(db.sql);
    report.push(
      `copy withdrawal, kill -9 after its commit: client saw ${seen}; restart healthy in ${restartMs} ms; retry → ${retry.status} ` +
        `(replayed: ${retry.headers['idempotent-replayed']}), again → ${retryAgain.status}; postings for the copy: ${postings}; equity ${equity}; ledger ${JSON.stringify(ledger)}`,
    );
    expect([retry.status, retry.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(retry.body).toMatchObject({ id: copyId, equity: '260.00' });
    expect(retryAgain.body).toEqual(retry.body);
    expect(postings).toBe(1);
    expect(equity).toBe('26000');
    expect(ledger).toEqual(SOUND_LEDGER);
  }, 180_000);

  it('kill -9 after a trade open committed, retry with the same key: one trade, one fan-out', async () => {
    const { trader, traderId, follower, copyId } = await traderWithCopy('500.00');
    const key = randomUUID();
    const body = { symbol: 'BTCUSDT', side: 'buy', allocationPct: 20 };
    const seen = await crashAfterCommit(trader, '/api/trader/trades', key, body);
    const restartMs = await start();
    await ageKey(trader.id, key);
    const retry = await post(trader, '/api/trader/trades', key, body);
    const trades = await db.sql<{ id: string }>('SELECT id::text AS id FROM trader_trades WHERE trader_id = ?', [traderId]);
    const positions = await count('SELECT 1 FROM copy_positions WHERE copy_id = ?', [copyId]);
    report.push(
      `trade open, kill -9 after its commit: client saw ${seen}; restart healthy in ${restartMs} ms; retry → ${retry.status} ` +
        `(replayed: ${retry.headers['idempotent-replayed']}); trades ${trades.length}, copied positions ${positions}`,
    );
    expect([retry.status, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(trades).toEqual([{ id: retry.body.trade.id }]);
    expect(retry.body.copied).toBe(1);
    expect(positions).toBe(1);
    const mine = await call(api!.base, 'GET', '/api/trades', { headers: { Authorization: follower.bearer } });
    expect(mine.body.items).toHaveLength(1);
    expect(await ledgerCheck(db.sql)).toEqual(SOUND_LEDGER);
  }, 180_000);

  it('PostgreSQL killed right after a withdrawal request committed: the answer is still 2xx, and the retry after the restart replays it', async () => {
    const user = await newUser({ kyc: 'Verified' });
    await fx.fundCash(db.sql, user.id, 50_000);
    const key = randomUUID();
    const body = { amount: '120.00', destination: 'IBAN' };
    const pending = post(user, '/api/wallet/withdraw', key, body, 'hold-after-commit');
    // Wait for the commit (the key's outcome is visible), then kill the postmaster while the API holds the answer.
    const began = Date.now();
    while (!(await count('SELECT 1 FROM idempotency_keys WHERE user_id = ? AND key = ? AND response IS NOT NULL', [user.id, key])) && Date.now() - began < 30_000) {
      await sleep(20);
    }
    const pids = postgresPids(join(dataDir, 'pgdata'));
    await db.end();
    process.kill(pids[0], 'SIGKILL');
    const answer = await pending;
    const killedAt = Date.now();
    while (pids.some(running) && Date.now() - killedAt < 5_000) await sleep(10);
    // The supervisor restarts PostgreSQL; the retry then replays the first answer.
    let retry: CallResult | undefined;
    while (Date.now() - killedAt < 60_000) {
      retry = await post(user, '/api/wallet/withdraw', key, body).catch(() => undefined);
      if (retry && retry.status !== 503) break;
      await sleep(200);
    }
    db = await connect(embeddedUrl(dataDir, pgPort));
    const holds = await count("SELECT 1 FROM wallet_transactions WHERE user_id = ? AND type = 'withdrawal'", [user.id]);
    const [{ cash }] = await db.sql<{ cash: string }>("SELECT balance::text AS cash FROM ledger_accounts WHERE owner_id = ? AND kind = 'cash'", [user.id]);
    const ledger = await ledgerCheck(db.sql);
    report.push(
      `withdrawal request, PostgreSQL killed after its commit: answer ${answer.status}; after the supervised restart the retry → ${retry?.status} ` +
        `(replayed: ${retry?.headers['idempotent-replayed']}); withdrawals ${holds}; cash ${cash}; ledger ${JSON.stringify(ledger)}`,
    );
    expect(answer.status).toBe(201);
    expect(retry?.status).toBe(201);
    expect(retry?.headers['idempotent-replayed']).toBe('true');
    expect(retry?.body).toEqual(answer.body);
    expect(holds).toBe(1);
    expect(cash).toBe('38000');
    expect(ledger).toEqual(SOUND_LEDGER);
  }, 180_000);

  it('kill -9 in the middle of a burst of keyed money requests, every request retried: exactly one effect per key', async () => {
    const { follower, copyId } = await traderWithCopy('500.00');
    const depositor = await newUser({ kyc: 'Verified' });
    const requests = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0
        ? { who: follower, path: `/api/copies/${copyId}/funds`, body: { amount: '1.00' }, key: randomUUID() }
        : { who: depositor, path: '/api/wallet/deposit', body: { amount: '2.00' }, key: randomUUID() },
    );
    const burst = requests.map((r) => cut(post(r.who, r.path, r.key, r.body)));
    // Killed once some of them committed: some answered, some committed but never answered, some never ran.
    const keys = requests.map((r) => r.key);
    const began = Date.now();
    while ((await count('SELECT 1 FROM idempotency_keys WHERE key = ANY(?::text[])', [keys])) < 4 && Date.now() - began < 30_000) await sleep(5);
    process.kill(api!.pid, 'SIGKILL');
    const seen = await Promise.all(burst);
    await api!.exited;
    await db.end();
    await start();
    for (const r of requests) await ageKey(r.who.id, r.key);
    const answers = await Promise.all(requests.map((r) => post(r.who, r.path, r.key, r.body)));
    expect(answers.filter((a) => a.status >= 300).map((a) => [a.status, a.body])).toEqual([]);
    // One effect per key: each funding's posting carries its key's reference, each deposit its key's record.
    let fundings = 0;
    for (const r of requests.filter((x) => x.path.endsWith('/funds'))) {
      const n = await count("SELECT 1 FROM ledger_transactions WHERE type = 'copy_fund' AND reference = ?", [`copy:${copyId}:${operationRef(follower.id, r.key)}`]);
      expect(n).toBe(1);
      fundings += n;
    }
    const deposits = await count("SELECT 1 FROM wallet_transactions WHERE user_id = ? AND type = 'deposit'", [depositor.id]);
    expect(deposits).toBe(requests.length / 2);
    const [{ equity }] = await db.sql<{ equity: string }>('SELECT balance::text AS equity FROM ledger_accounts WHERE copy_id = ?', [copyId]);
    expect(equity).toBe(String(50_000 + 100 * fundings));
    const ledger = await ledgerCheck(db.sql);
    expect(ledger).toEqual(SOUND_LEDGER);
    const tally = new Map<string, number>();
    for (const s of seen) {
      const what = s.startsWith('answered ') ? s.split(' ')[1] : s; // a status, or the socket error
      tally.set(what, (tally.get(what) ?? 0) + 1);
    }
    report.push(
      `kill -9 mid-burst of ${requests.length} keyed requests: clients saw ${[...tally].map(([k, n]) => `${k}×${n}`).join(' ')}; ` +
        `after restart and retries: ${fundings} fundings and ${deposits} deposits for ${requests.length} keys (one effect per key); ledger ${JSON.stringify(ledger)}`,
    );
  }, 180_000);
});
