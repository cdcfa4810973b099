import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@mirrorline/shared';
import { LoginFailureLog } from '../../application/ports/login-failure-log';
import { LOGIN_FAILURE_WINDOW_MS } from '../../domain/login-throttle';
import { loginFailuresQueries as q } from './login-failures.queries';

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

  async failuresSince(keys: string[], windowStart: Date): Promise<Map<string, Date[]>> {
    // The window ends now (the caller's clock): the sweep's once-a-minute pacing follows that clock too.
    await this.purgeExpired(new Date(windowStart.getTime() + LOGIN_FAILURE_WINDOW_MS), windowStart);
    const rows = await runSql(this.em.getConnection(), q.failuresSince(keys, windowStart, 500));
    const result = new Map<string, Date[]>(keys.map((k) => [k, []]));
    for (const row of rows) result.get(row.email)?.push(new Date(row.failed_at));
    return result;
  }

  async recordFailure(keys: string[], at: Date): Promise<void> {
    if (!keys.length) return;
    await runSql(this.em.getConnection(), q.recordFailures(keys, at));
  }

  async accountFailures(userId: string): Promise<number> {
    const [row] = await runSql(this.em.getConnection(), q.accountFailures(userId));
    return row ? Number(row.n) : 0;
  }

  async recordAccountFailure(userId: string): Promise<number> {
    const [row] = await runSql(this.em.getConnection(), q.recordAccountFailure(userId));
    return Number(row.n);
  }

  async clearAccount(userId: string): Promise<void> {
    await runSql(this.em.getConnection(), q.clearAccount(userId));
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
      await runSql(this.em.getConnection(), q.purgeBefore(windowStart));
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not purge expired login failures (retried in a minute)');
    }
  }

  async clear(key: string): Promise<void> {
    await runSql(this.em.getConnection(), q.clearKey(key));
  }
}
