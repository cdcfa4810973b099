import { Migration } from '@mikro-orm/migrations';

/** Session store of the AdminJS back-office (connect-pg-simple's schema; the app never creates it at run time). */
export class Migration20261123000520AdminSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE admin_sessions (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      );`);
    this.addSql('CREATE INDEX admin_sessions_expire_idx ON admin_sessions (expire);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS admin_sessions;');
  }
}
