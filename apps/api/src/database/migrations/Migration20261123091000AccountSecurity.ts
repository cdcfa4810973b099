import { Migration } from '@mikro-orm/migrations';

/**
 * Account security (product.md §10, docs/auth.md, docs/wallet.md):
 *
 * - auth_sessions: one row per refresh-token family (id = refresh_tokens.family_id), with the device it
 *   was opened from. The access guard reads it by primary key on every call, so that an access token of a
 *   revoked session is refused at once (TOKEN_REVOKED).
 * - user_mfa: the TOTP secret (AES-256-GCM, key from config), pending until confirmed; `last_step` is the
 *   last accepted 30-second step, so a code is never accepted twice.
 * - mfa_recovery_codes: 10 single-use codes per enrolment, sha256 of a high-entropy code.
 * - mfa_challenges: the 5-minute token between a right password and the code (sha256 only).
 * - api_tokens: personal API tokens (`ml_pat_…`), sha256 only, with scopes.
 * - withdrawal_addresses: saved destinations; a withdrawal goes only to one whose usable_at has passed.
 */
export class Migration20261123091000AccountSecurity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz NOT NULL,
        user_agent varchar(512) NULL,
        ip varchar(64) NULL,
        revoked_at timestamptz NULL
      );`);
    this.addSql('CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id, created_at DESC);');
    this.addSql(`
      CREATE TABLE user_mfa (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_enc text NULL,
        pending_secret_enc text NULL,
        enabled_at timestamptz NULL,
        last_step bigint NULL,
        CONSTRAINT user_mfa_enabled_has_secret CHECK (enabled_at IS NULL OR secret_enc IS NOT NULL)
      );`);
    this.addSql(`
      CREATE TABLE mfa_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz NULL
      );`);
    this.addSql('CREATE INDEX mfa_recovery_codes_user_idx ON mfa_recovery_codes (user_id);');
    this.addSql(`
      CREATE TABLE mfa_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        spent_at timestamptz NULL,
        created_at timestamptz NOT NULL
      );`);
    this.addSql('CREATE UNIQUE INDEX mfa_challenges_hash_unique ON mfa_challenges (token_hash);');
    this.addSql(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(64) NOT NULL,
        scopes text[] NOT NULL,
        token_hash char(64) NOT NULL,
        prefix varchar(16) NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz NULL,
        revoked_at timestamptz NULL,
        CONSTRAINT api_tokens_scopes_check CHECK (scopes <@ ARRAY['read', 'trade']::text[] AND cardinality(scopes) > 0)
      );`);
    this.addSql('CREATE UNIQUE INDEX api_tokens_hash_unique ON api_tokens (token_hash);');
    this.addSql('CREATE INDEX api_tokens_user_idx ON api_tokens (user_id);');
    this.addSql(`
      CREATE TABLE withdrawal_addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        label varchar(64) NOT NULL,
        destination varchar(200) NOT NULL,
        created_at timestamptz NOT NULL,
        usable_at timestamptz NOT NULL
      );`);
    this.addSql('CREATE UNIQUE INDEX withdrawal_addresses_user_destination_unique ON withdrawal_addresses (user_id, destination);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS withdrawal_addresses;');
    this.addSql('DROP TABLE IF EXISTS api_tokens;');
    this.addSql('DROP TABLE IF EXISTS mfa_challenges;');
    this.addSql('DROP TABLE IF EXISTS mfa_recovery_codes;');
    this.addSql('DROP TABLE IF EXISTS user_mfa;');
    this.addSql('DROP TABLE IF EXISTS auth_sessions;');
  }
}
