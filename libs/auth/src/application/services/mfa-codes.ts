import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, UnitOfWork, type AppConfig, type TransactionContext } from '@mirrorline/shared';
import { hashRecoveryCode, looksLikeRecoveryCode, MFA_TRY_LIMIT, MFA_TRY_WINDOW_MS } from '../../domain/mfa';
import { slidingWindowRetryAfterSeconds } from '../../domain/login-throttle';
import { SecurityErrors } from '../../domain/security-errors';
import { openSecret, sealSecret } from '../../adapters/crypto/secret-box';
import { CodeTryLog } from '../ports/code-try-log';
import { MfaStore } from '../ports/mfa-store';
import { Totp } from './totp';

export type MfaCheck = { kind: 'ok'; via: 'totp' | 'recovery' } | { kind: 'wrong' } | { kind: 'locked'; retryAfterSeconds: number };

const tryKey = (userId: string) => `mfa:${userId}`;

/**
 * Checks a user's second factor. Every check of a user runs under one lock (the try log's key, then the
 * user_mfa row), so parallel requests with the same code see each other: a code is accepted once.
 * Wrong codes count per account (login step, withdrawals, addresses alike): MFA_TRY_LIMIT in
 * MFA_TRY_WINDOW_MS, then 429 until the oldest ages out.
 */
@Injectable()
export class MfaCodes {
  constructor(
    private readonly store: MfaStore,
    private readonly tries: CodeTryLog,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  seal(secret: string): string {
    return sealSecret(this.config.mfaEncryptionKey, secret);
  }

  open(sealed: string): string {
    return openSecret(this.config.mfaEncryptionKey, sealed);
  }

  async isEnabled(tx: TransactionContext, userId: string): Promise<boolean> {
    return Boolean((await this.store.find(tx, userId))?.enabledAt);
  }

  /** Inside the caller's transaction; the caller throws `failure(outcome)` after committing (so a wrong try counts). */
  async check(tx: TransactionContext, userId: string, code: string): Promise<MfaCheck> {
    const key = tryKey(userId);
    await this.tries.lock(tx, key);
    const now = this.clock.now();
    const earlier = await this.tries.since(tx, key, new Date(now.getTime() - MFA_TRY_WINDOW_MS));
    const retryAfterSeconds = slidingWindowRetryAfterSeconds(earlier, now, MFA_TRY_LIMIT, MFA_TRY_WINDOW_MS);
    if (retryAfterSeconds !== null) return { kind: 'locked', retryAfterSeconds };
    const record = await this.store.findForUpdate(tx, userId);
    if (!record?.enabledAt || !record.secretEnc) return { kind: 'wrong' };
    const typed = typeof code === 'string' ? code.trim() : '';
    const step = Totp.match(this.open(record.secretEnc), typed, now.getTime(), record.lastStep);
    if (step !== null) {
      await this.store.setLastStep(tx, userId, step);
      await this.tries.clear(tx, key);
      return { kind: 'ok', via: 'totp' };
    }
    if (looksLikeRecoveryCode(typed) && (await this.store.useRecoveryCode(tx, userId, hashRecoveryCode(typed), now))) {
      await this.tries.clear(tx, key);
      return { kind: 'ok', via: 'recovery' };
    }
    await this.tries.record(tx, key, now);
    return { kind: 'wrong' };
  }

  /** Checks a code against a secret not yet enabled (enrolment), under the same try limit. */
  async checkPending(tx: TransactionContext, userId: string, secret: string, code: string): Promise<MfaCheck & { step?: number }> {
    const key = tryKey(userId);
    await this.tries.lock(tx, key);
    const now = this.clock.now();
    const earlier = await this.tries.since(tx, key, new Date(now.getTime() - MFA_TRY_WINDOW_MS));
    const retryAfterSeconds = slidingWindowRetryAfterSeconds(earlier, now, MFA_TRY_LIMIT, MFA_TRY_WINDOW_MS);
    if (retryAfterSeconds !== null) return { kind: 'locked', retryAfterSeconds };
    const step = Totp.match(secret, typeof code === 'string' ? code.trim() : '', now.getTime(), null);
    if (step === null) {
      await this.tries.record(tx, key, now);
      return { kind: 'wrong' };
    }
    await this.tries.clear(tx, key);
    return { kind: 'ok', via: 'totp', step };
  }

  /**
   * A second sign-in factor outside the API's login step (the AdminJS login): true only when 2FA is on
   * and the code is right (a user without 2FA cannot pass: enrolment comes first).
   */
  async verifySignInCode(userId: string, code: string | undefined): Promise<boolean> {
    if (!code) return false;
    const outcome = await this.uow.run(async (tx) => ((await this.isEnabled(tx, userId)) ? this.check(tx, userId, code) : null));
    return outcome?.kind === 'ok';
  }

  static failure(outcome: MfaCheck): Error | null {
    if (outcome.kind === 'ok') return null;
    if (outcome.kind === 'locked') return SecurityErrors.tooManyCodes(outcome.retryAfterSeconds);
    return SecurityErrors.wrongCode();
  }

  /**
   * The step-up of a sensitive action (withdrawal, new withdrawal address): nothing when the user has
   * no 2FA; otherwise 403 MFA_REQUIRED without a code, 400 for a wrong one, 429 after too many.
   */
  async requireForAction(userId: string, code: string | undefined): Promise<void> {
    // Standalone: inside a money-moving request's enclosing transaction (UnitOfWork.enclose), a wrong code's try
    // and a right code's spent step must stay recorded when the request then fails and rolls back.
    const outcome = await this.uow.run(async (tx): Promise<MfaCheck | 'off' | 'missing'> => {
      if (!(await this.isEnabled(tx, userId))) return 'off';
      if (code === undefined || code === '') return 'missing';
      return this.check(tx, userId, code);
    }, { standalone: true });
    if (outcome === 'off') return;
    if (outcome === 'missing') throw SecurityErrors.mfaRequired();
    const failure = MfaCodes.failure(outcome);
    if (failure) throw failure;
  }
}
