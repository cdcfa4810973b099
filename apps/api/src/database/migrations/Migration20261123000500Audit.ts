import { Migration } from '@mikro-orm/migrations';

/** Append-only audit log of admin actions (libs/audit). Rows are written in the action's own transaction. */
export class Migration20261123000500Audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id uuid NULL REFERENCES users (id),
        action varchar(64) NOT NULL,
        target_type varchar(32) NOT NULL,
        target_id varchar(128) NULL,
        before jsonb NULL,
        after jsonb NULL,
        ip varchar(64) NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`);
    this.addSql('CREATE INDEX audit_log_target_idx ON audit_log (target_id, id DESC);');
    this.addSql('CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);');
    this.addSql(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_modification();`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS audit_log;');
  }
}
