import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { OneTimeCodeState, OtpPurpose } from '../../domain/one-time-code';
import { OneTimeCodeRepository } from '../../application/ports/one-time-code.repository';
import { OneTimeCodeEntity } from './one-time-code.entity';
import { oneTimeCodeMapper } from './one-time-code.mapper';
import { oneTimeCodesQueries } from './one-time-codes.queries';

/**
 * One-time codes through MikroORM (entity OneTimeCodeEntity, mapper to the domain state). Reads bypass the
 * identity map and writes are native (insert / nativeUpdate): every call sees and changes the rows
 * themselves, and the transaction's flush has nothing of ours to write.
 */
@Injectable()
export class MikroOrmOneTimeCodeRepository extends OneTimeCodeRepository {
  private em(tx: TransactionContext): EntityManager {
    return emOf(tx) as EntityManager;
  }

  async lockIssuing(tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<void> {
    // Transaction-scoped: released at commit, after the new row is visible to the next holder's count.
    await runSql(this.em(tx), oneTimeCodesQueries.lockIssuing(userId, purpose));
  }

  async replaceLive(
    tx: TransactionContext,
    code: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    const em = this.em(tx);
    // Re-entrant for the holder (IssueOneTimeCode took it before counting); kept so that no caller can
    // race another to the unique live-code index.
    await this.lockIssuing(tx, code.userId, code.purpose);
    await em.nativeUpdate(OneTimeCodeEntity, { userId: code.userId, purpose: code.purpose, consumedAt: null }, { consumedAt: code.createdAt });
    await em.insert(OneTimeCodeEntity, {
      userId: code.userId,
      purpose: code.purpose,
      codeHash: code.codeHash,
      attempts: 0,
      expiresAt: code.expiresAt,
      createdAt: code.createdAt,
      consumedAt: null,
    });
  }

  async findLiveForUpdate(tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<OneTimeCodeState | null> {
    const entity = await this.em(tx).findOne(
      OneTimeCodeEntity,
      { userId, purpose, consumedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    return entity ? oneTimeCodeMapper.toState(entity) : null;
  }

  async countIssuedSince(tx: TransactionContext, userId: string, purpose: OtpPurpose, since: Date): Promise<number> {
    return this.em(tx).count(OneTimeCodeEntity, { userId, purpose, createdAt: { $gt: since } });
  }

  async update(tx: TransactionContext, id: string, next: Pick<OneTimeCodeState, 'attempts' | 'consumedAt'>): Promise<void> {
    await this.em(tx).nativeUpdate(OneTimeCodeEntity, { id }, { attempts: next.attempts, consumedAt: next.consumedAt });
  }
}
