import { Migration } from '@mikro-orm/migrations';

/** Contact-form messages (docs/frontend.md "Contact"): stored, mailed to SUPPORT_EMAIL, listed for admins. */
export class Migration20261123120000ContactMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(150) NOT NULL,
        message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 5000),
        user_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`);
    this.addSql('CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS contact_messages;');
  }
}
