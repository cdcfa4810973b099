import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { runPgSql, runSql, sql, type AppConfig } from '@mirrorline/shared';
import { DemoDataSeeder } from '@mirrorline/demo';
import { mikroOrmOptions } from './mikro-orm.options';

/** Applies pending migrations (each in its own transaction, all or nothing). */
export async function runMigrations(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((migration) => migration.name);
}

/**
 * Applies pending migrations through a connection of their own, without the request statement_timeout
 * of the app's pool (an index build on a large table may take minutes).
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(mikroOrmOptions(databaseUrl, { pool: { min: 0, max: 1 } }));
  try {
    return await runMigrations(orm);
  } finally {
    await orm.close(true);
  }
}

/** The advisory lock key of the start-up preparation (any constant; "ML" "PREP" in ASCII). */
export const PREPARE_LOCK_KEY = 0x4d4c_5052_4550;

/**
 * Runs `work` (migrations, demo seeding, the bootstrap admin) while holding a PostgreSQL session advisory
 * lock, so that of several API instances starting together against one database exactly one prepares it
 * and the others wait, then find it done. The lock goes with the session if the process dies.
 */
export async function withPrepareLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'mirrorline-prepare' });
  client.on('error', () => undefined); // a lost session frees the lock; work() then fails on its own
  await client.connect();
  try {
    await runPgSql(client, sql`SELECT pg_advisory_lock(${PREPARE_LOCK_KEY})`);
    return await work();
  } finally {
    await runPgSql(client, sql`SELECT pg_advisory_unlock(${PREPARE_LOCK_KEY})`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Seeds demo data when DEMO_DATA is on and the database holds no user yet. Returns whether it seeded. */
export async function seedDemoDataIfEmpty(orm: MikroORM, config: AppConfig): Promise<boolean> {
  if (!config.demoData) return false;
  const [{ count }] = await runSql(orm.em.getConnection(), sql<{ count: string }>`SELECT count(*) AS count FROM users`);
  if (Number(count) > 0) return false;
  await orm.getSeeder().seed(DemoDataSeeder);
  return true;
}
