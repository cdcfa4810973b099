import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { DEMO_SEEDERS } from './demo-seeders';

/** Runs every context's demo seeder, in order, in one transaction. */
export class DemoDataSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    await em.transactional(async (tx) => {
      for (const seeder of DEMO_SEEDERS) await new seeder().run(tx);
    });
  }
}
