import { Migration } from '@mikro-orm/migrations';

/**
 * The access guard caches a user's access fields and a session's liveness (UserAccessCache); this makes
 * the account-security tables drop those entries the moment they change, on every instance:
 * - `user_mfa` (2FA turned on or off) → `mirrorline_user_access` with the user's id;
 * - `auth_sessions` revoked or deleted (logout, reuse detection, DELETE auth/sessions/:id, revoke-others)
 *   → `mirrorline_sessions` with the session's id ('*' on TRUNCATE).
 */
export class Migration20261123140000AccessCacheSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE FUNCTION notify_user_mfa() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('mirrorline_user_access', '*');
        ELSIF TG_OP = 'INSERT' THEN
          PERFORM pg_notify('mirrorline_user_access', NEW.user_id::text);
        ELSE
          PERFORM pg_notify('mirrorline_user_access', OLD.user_id::text);
        END IF;
        RETURN NULL;
      END $$;`);
    this.addSql('CREATE TRIGGER user_mfa_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_mfa FOR EACH ROW EXECUTE FUNCTION notify_user_mfa();');
    this.addSql('CREATE TRIGGER user_mfa_access_truncated AFTER TRUNCATE ON user_mfa FOR EACH STATEMENT EXECUTE FUNCTION notify_user_mfa();');
    this.addSql(`
      CREATE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('mirrorline_sessions', '*');
        ELSE
          PERFORM pg_notify('mirrorline_sessions', OLD.id::text);
        END IF;
        RETURN NULL;
      END $$;`);
    this.addSql(`
      CREATE TRIGGER auth_sessions_revoked AFTER UPDATE ON auth_sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION notify_session_revoked();`);
    this.addSql('CREATE TRIGGER auth_sessions_deleted AFTER DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();');
    this.addSql('CREATE TRIGGER auth_sessions_truncated AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_revoked();');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TRIGGER IF EXISTS auth_sessions_truncated ON auth_sessions;');
    this.addSql('DROP TRIGGER IF EXISTS auth_sessions_deleted ON auth_sessions;');
    this.addSql('DROP TRIGGER IF EXISTS auth_sessions_revoked ON auth_sessions;');
    this.addSql('DROP FUNCTION IF EXISTS notify_session_revoked();');
    this.addSql('DROP TRIGGER IF EXISTS user_mfa_access_truncated ON user_mfa;');
    this.addSql('DROP TRIGGER IF EXISTS user_mfa_access_changed ON user_mfa;');
    this.addSql('DROP FUNCTION IF EXISTS notify_user_mfa();');
  }
}
