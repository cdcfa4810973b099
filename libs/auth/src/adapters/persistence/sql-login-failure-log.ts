import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LoginFailureLog } from '../../application/ports/login-failure-log';

/** How often one instance sweeps expired rows of every email (see purgeExpired). */
export const LOGIN_FAILURE_PURGE_EVERY_MS = 60_000;

/** In PostgreSQL so that every API instance sees the same count without Redis. */
@Injectable()
export class SqlLoginFailureLog extends LoginFailureLog {
  private readonly logger = new Logger('SqlLoginFailureLog');
  private lastPurgeAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly em: EntityManager) {
    super();
  }

  async recordAttempt(email: string, at: Date, windowStart: Date): Promise<{ id: string; earlier: Date[] }> {
    await this.purgeExpired(at, windowStart);
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

  /**
   * The per-email DELETE below only cleans the email being tried, so a caller cycling through
   * distinct unknown emails would grow the table without bound. At most once a minute per instance
   * (a sign-in then pays for one sweep), rows of every email that left the window are deleted; the
   * table thus holds at most one window of attempts, which the per-IP limit bounds. Outside the
   * attempt's transaction: the sweep takes no per-email lock and a failure must not refuse a sign-in.
   * Every key stored here (including the one-time-code keys of SqlCodeTryLog) uses a window no
   * longer than the login window, so the sweep never deletes a row that still counts.
   */
  private async purgeExpired(at: Date, windowStart: Date): Promise<void> {
    if (at.getTime() - this.lastPurgeAt < LOGIN_FAILURE_PURGE_EVERY_MS) return;
    this.lastPurgeAt = at.getTime();
    try {
      await this.em.getConnection().execute('DELETE FROM login_failures WHERE failed_at <= ?', [windowStart]);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not purge expired login failures (retried in a minute)');
    }
  }

  async forget(id: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM login_failures WHERE id = ?', [id]);
  }

  async clear(email: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM login_failures WHERE email = ?', [email]);
  }
}
