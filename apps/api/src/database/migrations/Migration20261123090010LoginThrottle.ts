import { Migration } from '@mikro-orm/migrations';

/**
 * Login throttling of product.md §10 (docs/auth.md):
 * - login_failures.email becomes a key: `pair:<client>|<email>` or `ip:<client>` (up to 45 + 254 characters);
 *   only completed failures are written now;
 * - login_account_failures: consecutive failures per account (NIST 800-63B bound of 100), reset by a sign-in;
 * - one-time codes get the purpose `login_step_up` (the code mailed past that bound).
 */
export class Migration20261123090010LoginThrottle extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE login_failures ALTER COLUMN email TYPE varchar(320);');
    this.addSql(`
      CREATE TABLE login_account_failures (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        consecutive integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`);
    this.addSql('ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;');
    this.addSql(`ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
                 CHECK (purpose IN ('email_verification', 'password_reset', 'login_step_up'));`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS login_account_failures;');
  }
}
