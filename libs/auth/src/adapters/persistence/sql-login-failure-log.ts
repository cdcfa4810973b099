import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LoginFailureLog } from '../../application/ports/login-failure-log';
import { LOGIN_FAILURE_WINDOW_MS } from '../../domain/login-throttle';

/** In PostgreSQL so that every API instance sees the same count without Redis. */
@Injectable()
export class SqlLoginFailureLog extends LoginFailureLog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async failuresSince(email: string, since: Date): Promise<Date[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ failed_at: Date }[]>('SELECT failed_at FROM login_failures WHERE email = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT 20', [email, since]);
    return rows.map((row) => new Date(row.failed_at));
  }

  async record(email: string, at: Date): Promise<void> {
    const connection = this.em.getConnection();
    await connection.execute('INSERT INTO login_failures (email, failed_at) VALUES (?, ?)', [email, at]);
    // Keep the table to the window: older rows can never matter again.
    await connection.execute('DELETE FROM login_failures WHERE email = ? AND failed_at < ?', [email, new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS)]);
  }

  async clear(email: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM login_failures WHERE email = ?', [email]);
  }
}
