import { Migration } from '@mikro-orm/migrations';

/**
 * notifications: the key becomes (user_id, id), which is also the inbox's access path (newest first per
 * user, a user's unread count, mark one read), so a 100,000-follower fan-out writes one index per row, not two.
 */
export class Migration20261123000630NotificationsKey extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE notifications DROP CONSTRAINT notifications_pkey;');
    this.addSql('DROP INDEX notifications_user_idx;');
    this.addSql('ALTER TABLE notifications ADD CONSTRAINT notifications_pkey PRIMARY KEY (user_id, id);');
  }

  override async down(): Promise<void> {
    this.addSql('ALTER TABLE notifications DROP CONSTRAINT notifications_pkey;');
    this.addSql('ALTER TABLE notifications ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);');
    this.addSql('CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);');
  }
}
