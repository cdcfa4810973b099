import { Migration } from '@mikro-orm/migrations';

/**
 * NOTIFY `mirrorline_user_reads` when what GET user/get and GET wallet show of a user may have changed, so
 * that UserReadCache (libs/shared, docs/performance.md) drops the user's entries on every instance the
 * moment the change commits. Payload: the user's id, or '*' for every user.
 * - per row, with the user's id: `users` (any column: profile, KYC, roles, block, deletion) and
 *   `wallet_transactions` (a request, a decision);
 * - per statement, '*': `ledger_accounts` (balances: the ledger's posting trigger updates them),
 *   `copy_positions`, `copies`, `trader_trades`, `trader_profiles`. A 100,000-row settlement or fan-out
 *   sends one NOTIFY, not 100,000 (and PostgreSQL folds identical ones of a transaction into one).
 */
export class Migration20261123150000UserReadCaches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE FUNCTION notify_user_reads_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('mirrorline_user_reads', OLD.id::text);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('mirrorline_user_reads', OLD.user_id::text);
        ELSE
          PERFORM pg_notify('mirrorline_user_reads', NEW.user_id::text);
          IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
            PERFORM pg_notify('mirrorline_user_reads', OLD.user_id::text);
          END IF;
        END IF;
        RETURN NULL;
      END $$;`);
    this.addSql(`
      CREATE FUNCTION notify_user_reads_all() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('mirrorline_user_reads', '*');
        RETURN NULL;
      END $$;`);
    this.addSql('CREATE TRIGGER users_notify_user_reads AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_reads_row();');
    this.addSql(
      'CREATE TRIGGER wallet_transactions_notify_user_reads AFTER INSERT OR UPDATE OR DELETE ON wallet_transactions FOR EACH ROW EXECUTE FUNCTION notify_user_reads_row();',
    );
    for (const table of ['users', 'wallet_transactions']) {
      this.addSql(`CREATE TRIGGER ${table}_truncate_user_reads AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_user_reads_all();`);
    }
    for (const table of ['ledger_accounts', 'copy_positions', 'copies', 'trader_trades', 'trader_profiles']) {
      this.addSql(
        `CREATE TRIGGER ${table}_notify_user_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_user_reads_all();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of ['ledger_accounts', 'copy_positions', 'copies', 'trader_trades', 'trader_profiles']) {
      this.addSql(`DROP TRIGGER IF EXISTS ${table}_notify_user_reads ON ${table};`);
    }
    for (const table of ['users', 'wallet_transactions']) this.addSql(`DROP TRIGGER IF EXISTS ${table}_truncate_user_reads ON ${table};`);
    this.addSql('DROP TRIGGER IF EXISTS wallet_transactions_notify_user_reads ON wallet_transactions;');
    this.addSql('DROP TRIGGER IF EXISTS users_notify_user_reads ON users;');
    this.addSql('DROP FUNCTION IF EXISTS notify_user_reads_all();');
    this.addSql('DROP FUNCTION IF EXISTS notify_user_reads_row();');
  }
}
