import { Injectable } from '@nestjs/common';
import { type TransactionContext } from '@mirrorline/shared';
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
    await emOf(tx).execute('SELECT pg_advisory_xact_lock(hashtext(?))', [key]);
  }

  async since(tx: TransactionContext, key: string, since: Date): Promise<Date[]> {
    const rows = await emOf(tx).execute<{ failed_at: Date }[]>(
      'SELECT failed_at FROM login_failures WHERE email = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT 50',
      [key, since],
    );
    return rows.map((row) => new Date(row.failed_at));
  }

  async record(tx: TransactionContext, key: string, at: Date): Promise<void> {
    await emOf(tx).execute('INSERT INTO login_failures (email, failed_at) VALUES (?, ?)', [key, at]);
  }

  async clear(tx: TransactionContext, key: string): Promise<void> {
    await emOf(tx).execute('DELETE FROM login_failures WHERE email = ?', [key]);
  }
}
