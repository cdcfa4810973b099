import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000100Users extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        username varchar(32) NOT NULL,
        firstname varchar(64) NOT NULL,
        lastname varchar(64) NOT NULL,
        password_hash text NOT NULL,
        roles text[] NOT NULL DEFAULT '{User}',
        email_verified boolean NOT NULL DEFAULT false,
        kyc_status varchar(16) NOT NULL DEFAULT 'Unverified',
        blocked boolean NOT NULL DEFAULT false,
        deleted_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_kyc_status_check CHECK (kyc_status IN ('Unverified', 'Pending', 'Verified')),
        CONSTRAINT users_roles_check CHECK (roles <@ ARRAY['User', 'Trader', 'Admin']::text[] AND 'User' = ANY (roles)),
        CONSTRAINT users_email_lower_check CHECK (email = lower(email))
      );`);
    this.addSql('CREATE UNIQUE INDEX users_email_unique ON users (email);');
    this.addSql('CREATE UNIQUE INDEX users_username_unique ON users (lower(username));');
    this.addSql('CREATE INDEX users_created_at_idx ON users (created_at DESC);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS users;');
  }
}
