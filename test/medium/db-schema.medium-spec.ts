import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase } from '../support/test-app';

/**
 * libs/shared/src/persistence/db-schema.generated.ts (the row type of every table, from which the named builders'
 * rows are picked) is what the migrations give today: regenerated from this run's migrated database and compared.
 * Here and not in the lint tier, which has no database. A migration without `npm run db:types` fails here.
 */
describe('generated row types', () => {
  it('match the freshly migrated schema (npm run db:types)', async () => {
    const db = await createTestDatabase();
    try {
      const run = spawnSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'db-types.mjs'), '--check', `--database-url=${db.url}`], {
        encoding: 'utf8',
      });
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    } finally {
      await db.drop();
    }
  });
});
