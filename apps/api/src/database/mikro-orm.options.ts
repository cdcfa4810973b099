import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { ReflectMetadataProvider } from '@mikro-orm/core';
import { migrationsList } from './migrations';

/**
 * MikroORM options shared by the app, the tests and the benches. Entities are registered by each
 * context module through MikroOrmModule.forFeature (autoLoadEntities). The schema is owned by the
 * hand-written migrations (money invariants need triggers and CHECKs that entities cannot express).
 */
export function mikroOrmOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator, SeedManager],
    discovery: { warnWhenNoEntities: false },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: false,
    pool: { min: 0, max: 20 },
    // A failed statement's error message carries the SQL with placeholders, never with the values bound to
    // them (knex interpolates them by default: password hashes, emails and names would reach the log).
    driverOptions: { compileSqlOnError: false },
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    ...overrides,
  });
}
