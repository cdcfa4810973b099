import { copyTradingFixtures as fx } from '@mirrorline/copy-trading';
import { createUser, type TestUser } from './support/users';
import { useCopyTradingApp } from './support/copy-trading-spec';
import type { TestApp } from './support/test-app';

describe('copy trading: follow rules (HTTP against real PostgreSQL)', () => {
  const spec = useCopyTradingApp();
  const { trader, follower, follow } = spec;
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
});
