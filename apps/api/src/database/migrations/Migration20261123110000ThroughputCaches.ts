import { Migration } from '@mikro-orm/migrations';

/**
 * What the hot reads need to stay fast and exact (docs/performance.md):
 * - copy_positions(follower_id): the count of a follower's positions (the token's copiedTrades, GET user/get)
 *   read the whole table. The index holds no settlement column, so settling a position stays a HOT update.
 * - ledger_accounts(owner_id): a user's balances (GET wallet, GET user/get, every token) sum the user's
 *   accounts, copy-equity ones included, which no index covered (the unique indexes are partial): a scan of
 *   every account (two per copy). Keyed on the owner only, so balance updates stay HOT.
 * - NOTIFY on the changes the API caches depend on, so that every instance drops a cached entry in the
 *   same moment the change commits (LISTEN on one dedicated connection, PgDatabaseNotifications):
 *   - `mirrorline_user_access` (payload: the user's id, or '*' for all): a user's roles, block, deletion or
 *     tokens_valid_after changed (block, role change, deletion, password change, "log out everywhere"):
 *     the access guard's cache of these fields (CachedActiveUserCheck);
 *   - `mirrorline_traders` (payload ''): trades, copies, trader profiles or a trader's user changed: the
 *     public trader statistics cache (CachedCopyTradingQueries). Statement-level triggers: one call per
 *     statement, so a 100,000-row settlement pays one NOTIFY, not 100,000.
 */
export class Migration20261123110000ThroughputCaches extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE INDEX copy_positions_follower_idx ON copy_positions (follower_id);');
    this.addSql('CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner_id) WHERE owner_id IS NOT NULL;');

    this.addSql(`
      CREATE FUNCTION notify_user_access() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('mirrorline_user_access', '*');
        ELSE
          PERFORM pg_notify('mirrorline_user_access', OLD.id::text);
        END IF;
        -- Whether a trader is listed depends on its user's roles, block and deletion too.
        PERFORM pg_notify('mirrorline_traders', '');
        RETURN NULL;
      END $$;`);
    this.addSql(`
      CREATE TRIGGER users_access_changed AFTER UPDATE ON users FOR EACH ROW
      WHEN (OLD.roles IS DISTINCT FROM NEW.roles OR OLD.blocked IS DISTINCT FROM NEW.blocked
            OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.tokens_valid_after IS DISTINCT FROM NEW.tokens_valid_after)
      EXECUTE FUNCTION notify_user_access();`);
    this.addSql('CREATE TRIGGER users_access_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_access();');
    this.addSql('CREATE TRIGGER users_access_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_user_access();');

    this.addSql(`
      CREATE FUNCTION notify_traders() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('mirrorline_traders', '');
        RETURN NULL;
      END $$;`);
    for (const table of ['trader_trades', 'copies', 'trader_profiles']) {
      this.addSql(`CREATE TRIGGER ${table}_notify_traders AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_traders();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['trader_trades', 'copies', 'trader_profiles']) this.addSql(`DROP TRIGGER IF EXISTS ${table}_notify_traders ON ${table};`);
    this.addSql('DROP FUNCTION IF EXISTS notify_traders();');
    this.addSql('DROP TRIGGER IF EXISTS users_access_truncated ON users;');
    this.addSql('DROP TRIGGER IF EXISTS users_access_deleted ON users;');
    this.addSql('DROP TRIGGER IF EXISTS users_access_changed ON users;');
    this.addSql('DROP FUNCTION IF EXISTS notify_user_access();');
    this.addSql('DROP INDEX IF EXISTS ledger_accounts_owner_idx;');
    this.addSql('DROP INDEX IF EXISTS copy_positions_follower_idx;');
  }
}
