import { Injectable } from '@nestjs/common';
import { Clock, type TransactionContext } from '@mirrorline/shared';
import type { VerifyOutcome } from '@mirrorline/otp';
import {
  CODE_REQUEST_LIMIT,
  CODE_REQUEST_WINDOW_MS,
  CODE_TRY_LIMIT,
  CODE_TRY_WINDOW_MS,
  codeRequestKey,
  codeTryKey,
  type CodePurpose,
} from '../../domain/code-tries';
import { slidingWindowRetryAfterSeconds } from '../../domain/login-throttle';
import { CodeTryLog } from '../ports/code-try-log';

type Burned = Extract<VerifyOutcome, { kind: 'burned' }>;

/**
 * Wrong code tries per (email, purpose), for every email alike (see domain/code-tries.ts).
 * Lock order: every transaction that touches the codes of an email takes this key's lock first
 * (`begin`), before any row lock on one_time_codes, so verifications and code requests never deadlock.
 */
@Injectable()
export class CodeTryThrottle {
  constructor(
    private readonly log: CodeTryLog,
    private readonly clock: Clock,
  ) {}

  /**
   * First step of a verification or a code request: locks (email, purpose) until the transaction
   * ends. Returns the 429 outcome when CODE_TRY_LIMIT wrong tries are inside the window.
   */
  async begin(tx: TransactionContext, email: string, purpose: CodePurpose): Promise<Burned | null> {
    const key = codeTryKey(email, purpose);
    await this.log.lock(tx, key);
    const now = this.clock.now();
    const tries = await this.log.since(tx, key, new Date(now.getTime() - CODE_TRY_WINDOW_MS));
    const retryAfterSeconds = slidingWindowRetryAfterSeconds(tries, now, CODE_TRY_LIMIT, CODE_TRY_WINDOW_MS);
    return retryAfterSeconds === null ? null : { kind: 'burned', retryAfterSeconds };
  }

  /** After a verification (inside `begin`'s transaction): a success starts over, any failure counts. */
  async settle(tx: TransactionContext, email: string, purpose: CodePurpose, outcome: VerifyOutcome): Promise<void> {
    const key = codeTryKey(email, purpose);
    if (outcome.kind === 'verified') await this.log.clear(tx, key);
    else if (outcome.kind !== 'burned') await this.log.record(tx, key, this.clock.now());
  }

  /** A new code went out for this email (inside `begin`'s transaction): its tries start over, like the code's own. */
  async codeIssued(tx: TransactionContext, email: string, purpose: CodePurpose): Promise<void> {
    await this.log.clear(tx, codeTryKey(email, purpose));
  }

  /**
   * A code was asked for an email that cannot get one (unknown, verified, blocked): start the tries
   * over as issuing would, within the same cap as issuing, so that "ask for a new code, try again"
   * answers alike for every email.
   */
  async codeWithheld(tx: TransactionContext, email: string, purpose: CodePurpose): Promise<void> {
    const key = codeRequestKey(email, purpose);
    await this.log.lock(tx, key);
    const now = this.clock.now();
    const recent = await this.log.since(tx, key, new Date(now.getTime() - CODE_REQUEST_WINDOW_MS));
    if (recent.length >= CODE_REQUEST_LIMIT) return;
    await this.log.record(tx, key, now);
    await this.log.clear(tx, codeTryKey(email, purpose));
  }
}
