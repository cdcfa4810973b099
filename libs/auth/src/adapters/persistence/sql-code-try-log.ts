import { Injectable } from '@nestjs/common';
import { runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { CodeTryLog } from '../../application/ports/code-try-log';

/**
 * In PostgreSQL, shared by every API instance. Stored in `login_failures` (a timestamp log per key,
 * swept of rows older than 15 minutes by SqlLoginFailureLog; our windows are at most 15 minutes)
 * under keys that contain no '@' and so never meet an email's sign-in count. This avoids a schema
 * change; a table of its own would be cleaner (it needs a migration in apps/api).
 */
@Injectable()
export class SqlCodeTryLog extends CodeTryLog {
  async lock(tx: TransactionContext, key: string): Promise<void> {
    await runSql(emOf(tx), sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
  }

  async since(tx: TransactionContext, key: string, since: Date): Promise<Date[]> {
    const rows = await runSql(
      emOf(tx),
      sql<{ failed_at: Date }>`SELECT failed_at FROM login_failures WHERE email = ${key} AND failed_at > ${since} ORDER BY failed_at DESC LIMIT 50`,
    );
    return rows.map((row) => new Date(row.failed_at));
  }

  async record(tx: TransactionContext, key: string, at: Date): Promise<void> {
    await runSql(emOf(tx), sql`INSERT INTO login_failures (email, failed_at) VALUES (${key}, ${at})`);
  }

  async clear(tx: TransactionContext, key: string): Promise<void> {
    await runSql(emOf(tx), sql`DELETE FROM login_failures WHERE email = ${key}`);
  }
}
