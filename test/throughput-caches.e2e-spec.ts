import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ReadCopyTradingUseCase } from '@mirrorline/copy-trading';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { DatabaseNotifications } from '@mirrorline/shared';
import { createApp } from '../apps/api/src/bootstrap';
import { UserInfoAssembler } from '../libs/back-office/src/application/services/user-info.assembler';
import { UserInfoBuilder } from '@mirrorline/auth';
import { UserRepository } from '@mirrorline/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';
import { closeAt, openAt, setQuote } from './support/market';

/**
 * The caches of the hot reads (docs/performance.md): the access guard's user fields and the public trader
 * pages are served from memory, and dropped the moment the database changes, through NOTIFY, on every
 * instance. Plus the indexes the hot reads need, and ETag/304 on the public pages.
 */
describe('throughput: caches dropped by NOTIFY, ETag/304, indexes', () => {
  let t: TestApp;
  let sql: fx.Sql;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    sql = t.sql as fx.Sql;
  });
  afterAll(() => t.close());

  const me = (app: { http: TestApp['http'] }, who: TestUser) => app.http().get('/api/user/get').set('Authorization', who.bearer);
  const listening = (app: NestExpressApplication) => app.get(DatabaseNotifications).listening;
  /** Lets the NOTIFYs of the set-up's own statements arrive, so that the next read is the one cached. */
  const settle = async () => expect(await t.app.get(DatabaseNotifications).sync()).toBe(true);
  const until = async (what: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!what()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  describe('access guard cache', () => {
    it('serves the user fields from memory and drops them on a NOTIFY', async () => {
      expect(listening(t.app)).toBe(true);
      const user = await createUser(t);
      await settle();
      await me(t, user).expect(200);
      // With the trigger off, a block goes unnoticed by the cache: proof that the second read is cached…
      await sql('ALTER TABLE users DISABLE TRIGGER users_access_changed');
      try {
        await sql('UPDATE users SET blocked = true WHERE id = ?', [user.id]);
        await me(t, user).expect(200);
        // …and a NOTIFY with the user's id (what the trigger sends) drops it: the next request reads the row.
        await sql("SELECT pg_notify('mirrorline_user_access', ?)", [user.id]);
        const denied = await me(t, user).expect(403);
        expect(denied.body.code).toBe('TOKEN_EXPIRED');
      } finally {
        await sql('ALTER TABLE users ENABLE TRIGGER users_access_changed');
      }
      // With the trigger on, an unblock and a role change are seen by the very next request.
      await sql('UPDATE users SET blocked = false WHERE id = ?', [user.id]);
      await me(t, user).expect(200);
      const getAll = () => t.http().get('/api/user/get-all').set('Authorization', user.bearer).expect(403);
      expect((await getAll()).body.code).toBe('FORBIDDEN');
      // Promoted: the guard sees the Admin role at once (an Admin without 2FA is sent to enrol first).
      await sql(`UPDATE users SET roles = '{User,Admin}' WHERE id = ?`, [user.id]);
      expect((await getAll()).body.code).toBe('MFA_ENROLMENT_REQUIRED');
      await sql(`UPDATE users SET roles = '{User}' WHERE id = ?`, [user.id]);
      expect((await getAll()).body.code).toBe('FORBIDDEN');
    });

    it('refuses tokens issued before a password change, deletion or "log out everywhere" at once', async () => {
      const user = await createUser(t);
      await me(t, user).expect(200);
      await sql("UPDATE users SET tokens_valid_after = now() + interval '1 second' WHERE id = ?", [user.id]);
      expect((await me(t, user).expect(403)).body.code).toBe('TOKEN_EXPIRED');

      const other = await createUser(t);
      await me(t, other).expect(200);
      await sql('UPDATE users SET deleted_at = now() WHERE id = ?', [other.id]);
      await me(t, other).expect(403);
    });

    it('a block through one instance is refused at once by another instance that had the user cached', async () => {
      const second = await createApp(t.config, t.databaseUrl, { prepareDatabase: false });
      await second.listen(0, '127.0.0.1');
      try {
        await until(() => listening(second));
        const b = { http: () => request(second.getHttpServer()) };
        const admin = await createUser(t, { roles: ['User', 'Admin'] });
        const victim = await createUser(t);
        await me(b, victim).expect(200);
        await me(b, victim).expect(200);
        await t.http().post('/api/user/block').set('Authorization', admin.bearer).send({ userId: victim.id }).expect(200);
        expect((await me(b, victim).expect(403)).body.code).toBe('TOKEN_EXPIRED');
      } finally {
        await second.close();
      }
    });

    it('caches nothing while the LISTEN connection is down, and listens again after it is back', async () => {
      const user = await createUser(t);
      await me(t, user).expect(200);
      await sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mirrorline-listen' AND datname = current_database()");
      await until(() => !listening(t.app));
      // No NOTIFY can arrive now (trigger off too): still, a block is seen because nothing is served from memory.
      await sql('ALTER TABLE users DISABLE TRIGGER users_access_changed');
      try {
        await sql('UPDATE users SET blocked = true WHERE id = ?', [user.id]);
        await me(t, user).expect(403);
        await sql('UPDATE users SET blocked = false WHERE id = ?', [user.id]);
        await me(t, user).expect(200);
      } finally {
        await sql('ALTER TABLE users ENABLE TRIGGER users_access_changed');
      }
      await until(() => listening(t.app));
      await me(t, user).expect(200);
      await sql('UPDATE users SET blocked = true WHERE id = ?', [user.id]);
      await me(t, user).expect(403);
    });
  });

  describe('public trader pages', () => {
    async function trader(): Promise<TestUser & { traderId: number }> {
      const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
      return { ...user, traderId: await fx.insertTraderProfile(sql, user.id, 20) };
    }
    const open = (who: TestUser) => openAt(t, who.bearer, '100').expect(201);
    const close = (who: TestUser, tradeId: string, exitPrice: string) => closeAt(t, who.bearer, tradeId, exitPrice).expect(200);

    it('the statistics are exact right after a close, in the list and on the profile (the cache is dropped by the trade)', async () => {
      const tr = await trader();
      const follower = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, follower.id, 100_000);
      await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId: tr.traderId, amount: '500.00' }).expect(201);
      const read = t.app.get(ReadCopyTradingUseCase);
      const profile = () => t.http().get(`/api/traders/${tr.traderId}`).expect(200);
      const listed = async () =>
        (await t.http().get('/api/traders?limit=100').expect(200)).body.items.find((x: { id: number }) => x.id === tr.traderId);

      expect((await profile()).body).toMatchObject({ closedTrades: 0, followers: 1, assetsCopying: '500.00' });
      expect(await listed()).toMatchObject({ closedTrades: 0, followers: 1 });

      for (const [exit, closed] of [
        ['110', 1],
        ['95', 2],
        ['120', 3],
      ] as const) {
        const opened = await open(tr);
        await close(tr, opened.body.trade.id, exit);
        const [page, item] = [(await profile()).body, await listed()];
        // Exactly what the uncached query computes now (marked at the same quotes).
        const fresh = await read.trader(tr.traderId);
        expect(page).toEqual(JSON.parse(JSON.stringify(fresh)));
        expect(page.closedTrades).toBe(closed);
        expect(item).toMatchObject({ closedTrades: closed, tradingAccuracy: page.tradingAccuracy, roi30d: page.roi30d, assetsCopying: page.assetsCopying });
      }
    });

    it('is served from memory between changes and dropped by any statement on the trades', async () => {
      const tr = await trader();
      await settle();
      const before = (await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).body;
      // The profile name changes with the trigger off: still the cached page…
      await sql('ALTER TABLE trader_profiles DISABLE TRIGGER trader_profiles_notify_traders');
      try {
        await sql("UPDATE trader_profiles SET name = 'Renamed Quietly' WHERE id = ?", [tr.traderId]);
        expect((await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).body.name).toBe(before.name);
      } finally {
        await sql('ALTER TABLE trader_profiles ENABLE TRIGGER trader_profiles_notify_traders');
      }
      // …until a statement on a table the stats come from NOTIFYs.
      await sql("UPDATE trader_trades SET pair = pair WHERE trader_id = ? AND false", [tr.traderId]);
      expect((await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).body.name).toBe('Renamed Quietly');
      // A blocked trader's page is gone at once (users trigger).
      await sql('UPDATE users SET blocked = true WHERE id = ?', [tr.id]);
      await t.http().get(`/api/traders/${tr.traderId}`).expect(404);
    });

    it('answers 304 to a matching If-None-Match, and a new ETag once the stats change', async () => {
      const tr = await trader();
      for (const url of ['/api/traders?limit=100', `/api/traders/${tr.traderId}`]) {
        const first = await t.http().get(url).expect(200);
        const etag = first.headers['etag'];
        expect(etag).toMatch(/^W\/".+"$/);
        const again = await t.http().get(url).set('If-None-Match', etag).expect(304);
        expect(again.text ?? '').toBe('');
        expect(again.headers['etag']).toBe(etag);
        await t.http().get(url).set('If-None-Match', 'W/"something-else"').expect(200);
      }
      const etag = (await t.http().get(`/api/traders/${tr.traderId}`).expect(200)).headers['etag'];
      await close(tr, (await open(tr)).body.trade.id, '105');
      const changed = await t.http().get(`/api/traders/${tr.traderId}`).set('If-None-Match', etag).expect(200);
      expect(changed.headers['etag']).not.toBe(etag);
      expect(changed.body.closedTrades).toBe(1);
    });
  });

  describe('GET user/get reads its facts at once', () => {
    it('balances, trader id, copies and the positions count, as the token reads them (UserInfoBuilder)', async () => {
      const user = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
      const traderId = await fx.insertTraderProfile(sql, user.id, 20);
      const tr = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
      await fx.insertTraderProfile(sql, tr.id, 20);
      await fx.fundCash(sql, user.id, 100_000);
      const { body: copy } = await t
        .http()
        .post('/api/copies')
        .set('Authorization', user.bearer)
        .send({ traderId: Number((await sql<{ id: number }>('SELECT id FROM trader_profiles WHERE user_id = ?', [tr.id]))[0].id), amount: '400.00' })
        .expect(201);
      const opened = await openAt(t, tr.bearer, '100').expect(201);
      expect(opened.body.copied).toBe(1);
      const assembler = t.app.get(UserInfoAssembler);
      const account = (await t.app.get(UserRepository).findById(null, user.id))!;
      const profile = await assembler.assemble(account);
      expect(profile.info).toMatchObject({ traderID: traderId, copyID: [copy.id], copiedTrades: 1, balance: '600.00', tradingBalance: '400.00' });
      expect(profile.info).toEqual(await t.app.get(UserInfoBuilder).build(account));
      expect(profile).toMatchObject({ held: '0.00', copies: [{ id: copy.id, status: 'active', equity: 40_000 }] });
      const me = (await t.http().get('/api/user/get').set('Authorization', user.bearer).expect(200)).body.user;
      expect(me).toMatchObject({ traderID: traderId, copiedTrades: 1, balance: '600.00', tradingBalance: '400.00' });
    });
  });

  describe('per-user reads of GET user/get and GET wallet (UserReadCache)', () => {
    const wallet = (who: TestUser) => t.http().get('/api/wallet').set('Authorization', who.bearer);

    it('are served from memory between changes, and dropped by a NOTIFY with the user id', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      await fx.fundCash(sql, user.id, 10_000);
      await settle();
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ balance: '100.00' });
      expect((await wallet(user).expect(200)).body).toMatchObject({ balance: '100.00' });
      const firstname = (await me(t, user).expect(200)).body.user.firstname;
      // With the triggers off, a change goes unnoticed: proof that the reads are cached…
      await sql('ALTER TABLE users DISABLE TRIGGER users_notify_user_reads');
      await sql('ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_notify_user_reads');
      try {
        await sql("UPDATE users SET firstname = 'Cached' WHERE id = ?", [user.id]);
        await fx.fundCash(sql, user.id, 5_000);
        expect((await me(t, user).expect(200)).body.user).toMatchObject({ firstname, balance: '100.00' });
        expect((await wallet(user).expect(200)).body).toMatchObject({ balance: '100.00' });
        // …and a NOTIFY with the user's id (what the row trigger sends) drops them: the next request reads the database.
        await sql("SELECT pg_notify('mirrorline_user_reads', ?)", [user.id]);
        expect((await me(t, user).expect(200)).body.user).toMatchObject({ firstname: 'Cached', balance: '150.00' });
        expect((await wallet(user).expect(200)).body).toMatchObject({ balance: '150.00' });
      } finally {
        await sql('ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_notify_user_reads');
        await sql('ALTER TABLE users ENABLE TRIGGER users_notify_user_reads');
      }
    });

    it('see every change at once with the triggers on (balance, KYC, a deposit request, a copy, its positions) and mark open positions at the quote of the moment', async () => {
      const user = await createUser(t, { kyc: 'Verified' });
      const tr = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
      const traderId = await fx.insertTraderProfile(sql, tr.id, 20);
      await fx.fundCash(sql, user.id, 100_000);
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ balance: '1000.00', copiedTrades: 0, copies: [] });
      expect((await wallet(user).expect(200)).body).toMatchObject({ balance: '1000.00', transactions: [] });
      // A ledger posting (statement trigger on ledger_accounts).
      await fx.fundCash(sql, user.id, 1_000);
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ balance: '1010.00' });
      expect((await wallet(user).expect(200)).body).toMatchObject({ balance: '1010.00' });
      // The user's row (row trigger on users).
      await sql("UPDATE users SET kyc_status = 'Pending' WHERE id = ?", [user.id]);
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ KYC: 'Pending', kycverified: false });
      await sql("UPDATE users SET kyc_status = 'Verified' WHERE id = ?", [user.id]);
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ KYC: 'Verified' });
      // A deposit request (row trigger on wallet_transactions).
      await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).set('Idempotency-Key', `tc-${user.id}`).send({ amount: '25.00' }).expect(201);
      expect((await wallet(user).expect(200)).body.transactions).toEqual([expect.objectContaining({ type: 'deposit', amount: '25.00', status: 'Pending' })]);
      // A copy, then a copied trade (statement triggers on copies, ledger_accounts, copy_positions).
      const { body: copy } = await t.http().post('/api/copies').set('Authorization', user.bearer).send({ traderId, amount: '400.00' }).expect(201);
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ balance: '610.00', tradingBalance: '400.00', copyID: [copy.id], liveTradingBalance: '400.00' });
      expect((await wallet(user).expect(200)).body).toMatchObject({ balance: '610.00', tradingBalance: '400.00' });
      const opened = await openAt(t, tr.bearer, '100').expect(201);
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ copiedTrades: 1, liveTradingBalance: '400.00' });
      // The unrealized pnl follows the quote on every request (200.00 in the trade at +10 %: +20.00), cache or not.
      await setQuote(t, 'BTCUSDT', '110');
      expect((await me(t, user).expect(200)).body.user).toMatchObject({ tradingBalance: '400.00', liveTradingBalance: '420.00' });
      expect((await wallet(user).expect(200)).body).toMatchObject({ tradingBalance: '400.00', liveTradingBalance: '420.00' });
      await closeAt(t, tr.bearer, String(opened.body.trade.id), '110').expect(200);
      const after = (await me(t, user).expect(200)).body.user;
      expect(after.liveTradingBalance).toBe(after.tradingBalance);
      expect(after.tradingBalance).not.toBe('400.00');
      expect((await wallet(user).expect(200)).body).toMatchObject({ tradingBalance: after.tradingBalance, liveTradingBalance: after.tradingBalance });
    });
  });

  describe('indexes of the hot reads', () => {
    const plan = async (query: string, params: unknown[]) => {
      // Tiny tables are scanned whatever the indexes: forbid the sequential scan to see which index serves.
      const rows = await t.orm.em.fork().transactional(async (em) => {
        await em.execute('SET LOCAL enable_seqscan = off');
        return em.execute<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN ${query}`, params);
      });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };

    it('counts a follower’s positions through its copies and the positions’ copy_id index (no follower index to slow the fan-out)', async () => {
      const user = await createUser(t);
      const shown = await plan('SELECT count(*) FROM copies c JOIN copy_positions p ON p.copy_id = c.id WHERE c.follower_id = ?', [user.id]);
      expect(shown).toContain('copies_follower_idx');
      expect(shown).toContain('copy_positions_copy_idx');
      const indexes = await sql<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'copy_positions' ORDER BY indexname");
      expect(indexes.map((i) => i.indexname)).not.toContain('copy_positions_follower_idx');
    });

    it('sums a user’s ledger accounts (copy equity included) through ledger_accounts_owner_idx', async () => {
      const user = await createUser(t);
      expect(await plan('SELECT kind, sum(balance) FROM ledger_accounts WHERE owner_id = ? GROUP BY kind', [user.id])).toContain(
        'ledger_accounts_owner_idx',
      );
    });
  });
});
