import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { CodeTryLog } from '../../application/ports/code-try-log';
import { loginFailuresQueries as q } from './login-failures.queries';

/**
 * In PostgreSQL, shared by every API instance. Stored in `login_failures` (a timestamp log per key,
 * swept of rows older than 15 minutes by SqlLoginFailureLog; our windows are at most 15 minutes)
 * under keys that contain no '@' and so never meet an email's sign-in count. This avoids a schema
 * change; a table of its own would be cleaner (it needs a migration in apps/api).
 */
@Injectable()
export class SqlCodeTryLog extends CodeTryLog {
  async lock(tx: TransactionContext, key: string): Promise<void> {
    await runSql(emOf(tx), q.lockKey(key));
  }

  async since(tx: TransactionContext, key: string, since: Date): Promise<Date[]> {
    const rows = await runSql(emOf(tx), q.failuresSince([key], since, 50));
    return rows.map((row) => new Date(row.failed_at));
  }

  async record(tx: TransactionContext, key: string, at: Date): Promise<void> {
    await runSql(emOf(tx), q.recordFailures([key], at));
  }

  async clear(tx: TransactionContext, key: string): Promise<void> {
    await runSql(emOf(tx), q.clearKey(key));
  }
}
