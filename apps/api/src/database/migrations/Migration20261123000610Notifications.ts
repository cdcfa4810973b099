import { Migration } from '@mikro-orm/migrations';

/** In-app notifications (libs/notifications): written set-based by the contexts that raise events. */
export class Migration20261123000610Notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE notifications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL,
        type varchar(32) NOT NULL,
        title varchar(200) NOT NULL,
        body text NOT NULL DEFAULT '',
        data jsonb NULL,
        read_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`);
    // No FK to users on purpose: a 100,000-row fan-out would pay one FK probe per row; rows are only
    // ever written by the server for existing users and read by user_id.
    this.addSql(`CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);`);
    this.addSql(`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS notifications;');
  }
}
