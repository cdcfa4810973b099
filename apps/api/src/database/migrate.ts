import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '@mirrorline/shared';
import { DemoDataSeeder } from './seeders/demo-data.seeder';

/** Applies pending migrations (each in its own transaction, all or nothing). */
export async function runMigrations(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((migration) => migration.name);
}

/** Seeds demo data when DEMO_DATA is on and the database holds no user yet. Returns whether it seeded. */
export async function seedDemoDataIfEmpty(orm: MikroORM, config: AppConfig): Promise<boolean> {
  if (!config.demoData) return false;
  const [{ count }] = await orm.em.getConnection().execute<{ count: string }[]>('SELECT count(*) AS count FROM users');
  if (Number(count) > 0) return false;
  await orm.getSeeder().seed(DemoDataSeeder);
  return true;
}
