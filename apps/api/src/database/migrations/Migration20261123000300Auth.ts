import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions and one-time codes (docs/auth.md).
 * - users.tokens_valid_after: access tokens issued before it are refused (password reset, block, change).
 * - refresh_tokens: opaque tokens stored as sha256; one family per sign-in, one live token per family.
 * - one_time_codes: 6-digit codes stored as HMAC, bound to a purpose, single use, attempts counted.
 * - password_reset_tokens: single-use tokens handed out by forgotpassword/verifyotp.
 * - login_failures: per-email failed sign-ins inside the throttling window.
 */
export class Migration20261123000300Auth extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE users ADD COLUMN tokens_valid_after timestamptz NULL;');
    this.addSql(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        rotated_at timestamptz NULL,
        revoked_at timestamptz NULL
      );`);
    this.addSql('CREATE UNIQUE INDEX refresh_tokens_hash_unique ON refresh_tokens (token_hash);');
    this.addSql('CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);');
    this.addSql('CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id) WHERE revoked_at IS NULL;');
    this.addSql(`
      CREATE TABLE one_time_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose varchar(32) NOT NULL,
        code_hash char(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        consumed_at timestamptz NULL,
        CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN ('email_verification', 'password_reset')),
        CONSTRAINT one_time_codes_attempts_check CHECK (attempts >= 0)
      );`);
    // At most one live code per user and purpose: issuing a new one retires the old one.
    this.addSql(`CREATE UNIQUE INDEX one_time_codes_live_unique ON one_time_codes (user_id, purpose) WHERE consumed_at IS NULL;`);
    this.addSql(`
      CREATE TABLE password_reset_tokens (
        token_hash char(64) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz NULL
      );`);
    this.addSql('CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);');
    this.addSql(`
      CREATE TABLE login_failures (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email varchar(254) NOT NULL,
        failed_at timestamptz NOT NULL
      );`);
    this.addSql('CREATE INDEX login_failures_email_idx ON login_failures (email, failed_at DESC);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS login_failures;');
    this.addSql('DROP TABLE IF EXISTS password_reset_tokens;');
    this.addSql('DROP TABLE IF EXISTS one_time_codes;');
    this.addSql('DROP TABLE IF EXISTS refresh_tokens;');
    this.addSql('ALTER TABLE users DROP COLUMN IF EXISTS tokens_valid_after;');
  }
}
