import { Migration } from '@mikro-orm/migrations';

/**
 * `user_directory`: the users context's published read of `users` (docs/architecture.md, "Table
 * ownership"). Contexts below users in the import order (auth, KYC, wallet, copy trading) join users
 * in their own set-based SQL; they name this view, never the table, so the users context decides which
 * columns they see (no password hash) and keeps the view right when its table changes. A simple view:
 * PostgreSQL inlines it (same plans as the table) and locking clauses (FOR KEY SHARE, FOR UPDATE)
 * reach the underlying rows. Writes go through the users context's ports.
 */
export class Migration20261123185000UserDirectory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE VIEW user_directory AS
        SELECT id, email, username, firstname, lastname, roles, email_verified, kyc_status, blocked,
               deleted_at, created_at, updated_at, tokens_valid_after
          FROM users;`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP VIEW IF EXISTS user_directory;');
  }
}
