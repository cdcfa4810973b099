import type { MikroORM } from '@mikro-orm/postgresql';
import { seedDemoDataIfEmpty } from '../apps/api/src/database/migrate';
import { createTestApp, type TestApp } from './support/test-app';

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

  it('seeds nothing when DEMO_DATA is off', async () => {
    const t = await createTestApp({ DEMO_DATA: 'false' });
    try {
      expect(await count(t, 'trader_profiles')).toBe(0);
      expect(await count(t, 'users')).toBe(0);
    } finally {
      await t.close();
    }
  });
});
