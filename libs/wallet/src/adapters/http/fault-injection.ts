import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { APP_CONFIG, runSql, sql, type AppConfig } from '@mirrorline/shared';

/** The request header that names a fault (honoured only with FAULT_INJECTION=true, never in production). */
export const FAULT_HEADER = 'x-fault-injection';

/**
 * Failure points for the fault tier (test/faults): what exactly-once must survive, made to happen on demand in
 * the real built server instead of hoping a kill lands in a window of microseconds.
 * - `crash-after-commit`: SIGKILL right after a money-moving request's transaction committed, before it answers.
 * - `hold-after-commit`: after the commit, wait until PostgreSQL stops answering (the test kills it), then answer.
 * Off unless FAULT_INJECTION=true (config refuses it in production); a request without the header is untouched.
 */
@Injectable()
export class FaultInjection {
  private readonly logger = new Logger('FaultInjection');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
  ) {}

  async afterCommit(request: Request): Promise<void> {
    if (!this.config.faultInjection) return;
    const fault = request.headers[FAULT_HEADER];
    if (fault === 'crash-after-commit') {
      this.logger.warn('fault injected: SIGKILL after the commit, before the answer');
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined); // the signal ends the process; nothing after it may answer
    }
    if (fault === 'hold-after-commit') {
      this.logger.warn('fault injected: holding the answer until PostgreSQL is gone');
      const until = Date.now() + 60_000;
      while (Date.now() < until && (await runSql(this.em.getConnection(), sql`SELECT 1`).then(() => true, () => false))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}
