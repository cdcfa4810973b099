import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';
import { type InMemoryMailer } from '@mirrorline/mail/testing';
import { AlertMails, QuoteListeners } from '@mirrorline/market';
import { TestMarketFeed } from '@mirrorline/market/testing';
import { setQuote } from './support/market';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

/** product.md §12.5: GET/PUT me/watchlist, GET/POST/DELETE alerts, and an alert spent once by the first quote crossing it. */
describe('watchlist and price alerts', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let mails: InMemoryMailer;

  const as = (user: TestUser) => ({
    get: (path: string) => t.http().get(`/api${path}`).set('Authorization', user.bearer),
    put: (path: string, body: unknown) => t.http().put(`/api${path}`).set('Authorization', user.bearer).send(body as object),
    post: (path: string, body: unknown) => t.http().post(`/api${path}`).set('Authorization', user.bearer).send(body as object),
    delete: (path: string) => t.http().delete(`/api${path}`).set('Authorization', user.bearer),
  });
  const alertNotifications = async (user: TestUser) =>
    ((await as(user).get('/notifications?limit=100').expect(200)).body.items as Array<{ type: string; title: string; data: Record<string, string> }>).filter(
      (n) => n.type === 'price_alert',
    );

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    mails = captureMails(t.app.get(Mailer));
    alice = await createUser(t);
    bob = await createUser(t);
  });
  afterAll(() => t.close());

  describe('watchlist', () => {
    it('starts empty, is replaced by PUT in the order given with repeats dropped', async () => {
      expect((await as(alice).get('/me/watchlist').expect(200)).body).toEqual({ symbols: [] });
      const put = await as(alice).put('/me/watchlist', { symbols: ['ETHUSDT', 'BTCUSDT', 'ETHUSDT', 'EURUSD'] }).expect(200);
      expect(put.body).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT', 'EURUSD'] });
      expect((await as(alice).get('/me/watchlist').expect(200)).body).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT', 'EURUSD'] });
      await as(alice).put('/me/watchlist', { symbols: ['AAPL'] }).expect(200);
      expect((await as(alice).get('/me/watchlist').expect(200)).body).toEqual({ symbols: ['AAPL'] });
      // someone else's list is their own
      expect((await as(bob).get('/me/watchlist').expect(200)).body).toEqual({ symbols: [] });
      await as(alice).put('/me/watchlist', { symbols: [] }).expect(200);
      expect((await as(alice).get('/me/watchlist').expect(200)).body).toEqual({ symbols: [] });
    });

    it('refuses an unknown symbol, too many symbols and a malformed body, and writes nothing then', async () => {
      await as(alice).put('/me/watchlist', { symbols: ['BTCUSDT'] }).expect(200);
      const unknown = await as(alice).put('/me/watchlist', { symbols: ['ETHUSDT', 'NOPE'] }).expect(400);
      expect(unknown.body).toMatchObject({ code: 'MARKET.UNKNOWN_SYMBOL', message: 'Unknown symbol: NOPE' });
      // symbols are case-sensitive, as everywhere in the market's API
      expect((await as(alice).put('/me/watchlist', { symbols: ['btcusdt'] }).expect(400)).body.code).toBe('MARKET.UNKNOWN_SYMBOL');
      // 60 entries, repeats among them: the limit (50) counts distinct symbols (WATCHLIST.TOO_MANY: the unit spec, as
      // the catalogue holds fewer than 51 instruments)
      const many = (await t.sql<{ symbol: string }>('SELECT symbol FROM market_instruments ORDER BY symbol')).map((r) => r.symbol);
      const limitProbe = await as(alice).put('/me/watchlist', { symbols: Array.from({ length: 60 }, (_, i) => many[i % many.length]) }).expect(200);
      expect(limitProbe.body.symbols).toEqual(many.slice(0, Math.min(many.length, 60)));
      for (const body of [{}, { symbols: 'BTCUSDT' }, { symbols: [1] }, { symbols: ['BTCUSDT'], extra: true }, { symbols: Array(201).fill('BTCUSDT') }]) {
        const res = await as(alice).put('/me/watchlist', body).expect(400);
        expect(res.body.message).toBeTruthy();
      }
      expect((await as(alice).get('/me/watchlist').expect(200)).body.symbols).toEqual(many.slice(0, Math.min(many.length, 60)));
    });

    it('needs a signed-in user', async () => {
      await t.http().get('/api/me/watchlist').expect(401);
      await t.http().put('/api/me/watchlist').send({ symbols: [] }).expect(401);
    });
  });

  describe('alerts: create, list, delete', () => {
    it('creates an alert (201), lists it, and deletes only my own (someone else’s is 404)', async () => {
      const created = await as(alice).post('/alerts', { symbol: 'ETHUSDT', direction: 'above', price: '4000.50' }).expect(201);
      expect(created.body).toMatchObject({ symbol: 'ETHUSDT', direction: 'above', price: '4000.50', notifyByEmail: false, status: 'active', triggeredAt: null, triggeredPrice: null });
      expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);
      const numeric = await as(alice).post('/alerts', { symbol: 'EURUSD', direction: 'below', price: 1.05, notifyByEmail: true }).expect(201);
      expect(numeric.body).toMatchObject({ price: '1.05', notifyByEmail: true, status: 'active' });
      const list = await as(alice).get('/alerts').expect(200);
      expect(list.body.items.map((a: { id: string }) => a.id)).toEqual([numeric.body.id, created.body.id]);
      expect((await as(bob).get('/alerts').expect(200)).body.items).toEqual([]);

      expect((await as(bob).delete(`/alerts/${created.body.id}`).expect(404)).body.code).toBe('ALERT.NOT_FOUND');
      await as(alice).delete(`/alerts/${created.body.id}`).expect(204);
      expect((await as(alice).delete(`/alerts/${created.body.id}`).expect(404)).body.code).toBe('ALERT.NOT_FOUND');
      for (const id of ['xyz', '00000000-0000-4000-8000-000000000000', '99999999999999999999', '-1']) await as(alice).delete(`/alerts/${id}`).expect(404);
      expect((await as(alice).get('/alerts').expect(200)).body.items.map((a: { id: string }) => a.id)).toEqual([numeric.body.id]);
      await as(alice).delete(`/alerts/${numeric.body.id}`).expect(204);
    });

    it.each([
      [{ symbol: 'NOPE', direction: 'above', price: '1' }, 'MARKET.UNKNOWN_SYMBOL'],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '0' }, 'ALERT.BAD_PRICE'],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '0.00' }, 'ALERT.BAD_PRICE'],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '-5' }, 'ALERT.BAD_PRICE'],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '70000.123' }, 'ALERT.BAD_PRICE'],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '1e5' }, 'ALERT.BAD_PRICE'],
      [{ symbol: 'BTCUSDT', direction: 'above', price: -5 }, 'ALERT.BAD_PRICE'],
      [{ symbol: 'BTCUSDT', direction: 'sideways', price: '1' }, undefined],
      [{ symbol: 'BTCUSDT', price: '1' }, undefined],
      [{ symbol: 'BTCUSDT', direction: 'above' }, undefined],
      [{ direction: 'above', price: '1' }, undefined],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '1', notifyByEmail: 'yes' }, undefined],
      [{ symbol: 'BTCUSDT', direction: 'above', price: '1', userId: 'x' }, undefined],
      [{ symbol: 'BTCUSDT', direction: 'above', price: { v: 1 } }, undefined],
    ])('refuses %j with 400 and writes nothing', async (body, code) => {
      const res = await as(alice).post('/alerts', body).expect(400);
      expect(res.body.message).toBeTruthy();
      if (code) expect(res.body.code).toBe(code);
      expect((await as(alice).get('/alerts').expect(200)).body.items).toEqual([]);
    });

    it('holds at most 100 active alerts per user (409 ALERT.TOO_MANY), also for requests side by side', async () => {
      const carol = await createUser(t);
      await t.sql(`INSERT INTO price_alerts (user_id, symbol, direction, price) SELECT ?, 'BTCUSDT', 'above', 1000000 + g FROM generate_series(1, 97) g`, [carol.id]);
      const results = await Promise.all(Array.from({ length: 6 }, () => as(carol).post('/alerts', { symbol: 'BTCUSDT', direction: 'above', price: '2000000' })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
      expect(results.find((r) => r.status === 409)!.body.code).toBe('ALERT.TOO_MANY');
      const [{ n }] = await t.sql<{ n: string }>('SELECT count(*) AS n FROM price_alerts WHERE user_id = ? AND triggered_at IS NULL', [carol.id]);
      expect(Number(n)).toBe(100);
    });

    it('needs a signed-in user', async () => {
      await t.http().get('/api/alerts').expect(401);
      await t.http().post('/api/alerts').send({ symbol: 'BTCUSDT', direction: 'above', price: '1' }).expect(401);
      await t.http().delete('/api/alerts/1').expect(401);
    });
  });

  describe('triggering', () => {
    it('fires once at the first quote at or beyond the price: a notification (and the mail asked for), then spent', async () => {
      await setQuote(t, 'SOLUSDT', '140.00');
      const up = (await as(alice).post('/alerts', { symbol: 'SOLUSDT', direction: 'above', price: '150', notifyByEmail: true }).expect(201)).body;
      const down = (await as(bob).post('/alerts', { symbol: 'SOLUSDT', direction: 'below', price: '130.00' }).expect(201)).body;
      expect(up.status).toBe('active');

      await setQuote(t, 'SOLUSDT', '149.99'); // below the level: nothing
      expect(await alertNotifications(alice)).toEqual([]);
      await setQuote(t, 'SOLUSDT', '150.00'); // at the level: fires (setQuote resolves once every listener ran)
      const fired = await alertNotifications(alice);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({
        title: 'SOLUSDT is at or above 150',
        data: { alertId: up.id, symbol: 'SOLUSDT', direction: 'above', price: '150', triggeredPrice: '150.00' },
      });
      const listed = (await as(alice).get('/alerts').expect(200)).body.items.find((a: { id: string }) => a.id === up.id);
      expect(listed).toMatchObject({ status: 'triggered', triggeredPrice: '150.00' });
      expect(new Date(listed.triggeredAt).toISOString()).toBe(listed.triggeredAt);

      // the mail goes out after the commit, once
      await t.app.get(AlertMails).idle();
      const sent = mails.to(alice.email).filter((m) => m.subject.includes('SOLUSDT'));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ subject: 'Mirrorline: SOLUSDT is at or above 150' });
      expect(sent[0].text).toContain('the bid was 150.00');

      // spent: further quotes beyond it raise nothing more; the other direction is untouched
      await setQuote(t, 'SOLUSDT', '155.00');
      await setQuote(t, 'SOLUSDT', '150.00');
      t.app.get(AlertMails).kick();
      await t.app.get(AlertMails).idle();
      expect(await alertNotifications(alice)).toHaveLength(1);
      expect(mails.to(alice.email).filter((m) => m.subject.includes('SOLUSDT'))).toHaveLength(1);
      expect(await alertNotifications(bob)).toEqual([]);

      // the below alert fires at a quote beyond its price (a gap), with that quote's bid; no mail was asked for
      await setQuote(t, 'SOLUSDT', '120.50', '120.60');
      const bobs = await alertNotifications(bob);
      expect(bobs).toHaveLength(1);
      expect(bobs[0]).toMatchObject({ title: 'SOLUSDT is at or below 130.00', data: { alertId: down.id, triggeredPrice: '120.50' } });
      expect(mails.to(bob.email)).toEqual([]);
      const [row] = await t.sql<{ n: string }>('SELECT count(*) AS n FROM price_alerts WHERE id IN (?, ?) AND triggered_at IS NOT NULL', [up.id, down.id]);
      expect(Number(row.n)).toBe(2);
    });

    it('fires at once when the market already is at or beyond the price (the answer shows it triggered)', async () => {
      await setQuote(t, 'BNBUSDT', '600.00');
      const res = await as(bob).post('/alerts', { symbol: 'BNBUSDT', direction: 'below', price: '650' }).expect(201);
      expect(res.body).toMatchObject({ status: 'triggered', triggeredPrice: '600.00' });
      expect((await alertNotifications(bob)).filter((n) => n.data.alertId === res.body.id)).toHaveLength(1);
      // not at it yet: stays active
      const other = await as(bob).post('/alerts', { symbol: 'BNBUSDT', direction: 'above', price: '600.01' }).expect(201);
      expect(other.body.status).toBe('active');
      await setQuote(t, 'BNBUSDT', '600.00');
      expect((await alertNotifications(bob)).filter((n) => n.data.alertId === res.body.id)).toHaveLength(1);
    });

    it('spends each alert once when two evaluations of the same quotes run side by side (two instances)', async () => {
      const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
      await setQuote(t, 'DOGEUSDT', '0.10000');
      for (const user of users) {
        for (let i = 0; i < 10; i++) await as(user).post('/alerts', { symbol: 'DOGEUSDT', direction: 'above', price: (0.11 + i / 1000).toFixed(5) }).expect(201);
      }
      // what a second instance does on the NOTIFY of a batch: run every listener on it, here at the same time as this one
      const listeners = t.app.get(QuoteListeners);
      const quote = { symbol: 'DOGEUSDT', bid: '0.20000', ask: '0.20000', time: new Date() };
      await Promise.all([listeners.dispatch([quote]), listeners.dispatch([quote]), t.app.get(TestMarketFeed).setQuote('DOGEUSDT', '0.20000', '0.20000')]);
      for (const user of users) {
        const fired = await alertNotifications(user);
        expect(fired).toHaveLength(10);
        expect(new Set(fired.map((n) => n.data.alertId)).size).toBe(10);
      }
      const [{ n }] = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM price_alerts WHERE symbol = 'DOGEUSDT' AND triggered_at IS NULL`);
      expect(Number(n)).toBe(0);
    });
  });
});
