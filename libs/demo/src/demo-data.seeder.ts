import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { DemoUsersSeeder } from './demo-users.seeder';
import { DemoTradersSeeder } from './demo-traders.seeder';

/**
 * The demo seeders, run in this order by DemoDataSeeder (apps/api seedDemoDataIfEmpty: DEMO_DATA on and no user yet):
 * the users first, then their trader profiles and closed trades.
 */
export const DEMO_SEEDERS: Array<new () => Seeder> = [DemoUsersSeeder, DemoTradersSeeder];

/** Runs the demo seeders, in order, in one transaction. */
export class DemoDataSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    await em.transactional(async (tx) => {
      for (const seeder of DEMO_SEEDERS) await new seeder().run(tx);
    });
  }
}
