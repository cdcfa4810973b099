import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LoginFailureLog } from '../../application/ports/login-failure-log';

/** In PostgreSQL so that every API instance sees the same count without Redis. */
@Injectable()
export class SqlLoginFailureLog extends LoginFailureLog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async recordAttempt(email: string, at: Date, windowStart: Date): Promise<{ id: string; earlier: Date[] }> {
    // Serialised per email (transaction-scoped advisory lock): of N parallel attempts each sees
    // all the ones recorded before it, so no more than the limit ever pass.
    return this.em.fork().transactional(async (em) => {
      await em.execute('SELECT pg_advisory_xact_lock(hashtext(?))', [`login:${email}`]);
      // Rows older than the window can never matter again.
      await em.execute('DELETE FROM login_failures WHERE email = ? AND failed_at <= ?', [email, windowStart]);
      const rows = await em.execute<{ failed_at: Date }[]>(
        'SELECT failed_at FROM login_failures WHERE email = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT 50',
        [email, windowStart],
      );
      const [row] = await em.execute<{ id: string }[]>('INSERT INTO login_failures (email, failed_at) VALUES (?, ?) RETURNING id', [email, at]);
      return { id: String(row.id), earlier: rows.map((r) => new Date(r.failed_at)) };
    });
  }

  async forget(id: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM login_failures WHERE id = ?', [id]);
  }

  async clear(email: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM login_failures WHERE email = ?', [email]);
  }
}
