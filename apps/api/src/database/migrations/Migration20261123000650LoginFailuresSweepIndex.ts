import { Migration } from '@mikro-orm/migrations';

/**
 * login_failures is swept of expired rows of every email once a minute (SqlLoginFailureLog): an index on
 * failed_at lets that DELETE find them without reading the whole table.
 */
export class Migration20261123000650LoginFailuresSweepIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX IF EXISTS login_failures_failed_at_idx;');
  }
}
