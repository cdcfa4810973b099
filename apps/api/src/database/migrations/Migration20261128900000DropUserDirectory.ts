import { Migration } from '@mikro-orm/migrations';

/**
 * Drops `user_directory`: accounts, the owner of `users`, is now the lowest lib after shared, so the
 * contexts above it join `users` through the fragment it publishes (`usersTable` of
 * @mirrorline/accounts/sql) instead of a view (docs/architecture.md, "Table ownership"). `down`
 * recreates the view exactly as Migration20261123185000UserDirectory made it.
 */
export class Migration20261128900000DropUserDirectory extends Migration {
  override async up(): Promise<void> {
    this.addSql('DROP VIEW IF EXISTS user_directory;');
  }

  override async down(): Promise<void> {
    this.addSql(`
      CREATE VIEW user_directory AS
        SELECT id, email, username, firstname, lastname, roles, email_verified, kyc_status, blocked,
               deleted_at, created_at, updated_at, tokens_valid_after
          FROM users;`);
  }
}
