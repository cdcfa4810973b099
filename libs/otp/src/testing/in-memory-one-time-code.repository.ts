import { randomUUID } from 'node:crypto';
import type { TransactionContext } from '@mirrorline/shared';
import type { OneTimeCodeState, OtpPurpose } from '../domain/one-time-code';
import { OneTimeCodeRepository } from '../application/ports/one-time-code.repository';

/** In-memory fake for unit specs (no locking: specs are sequential). */
export class InMemoryOneTimeCodeRepository extends OneTimeCodeRepository {
  readonly rows: (OneTimeCodeState & { createdAt: Date })[] = [];
  /** Method names in call order (specs check that the lock comes before the count). */
  readonly calls: string[] = [];

  async lockIssuing(_tx: TransactionContext, _userId: string, _purpose: OtpPurpose): Promise<void> {
    this.calls.push('lockIssuing');
  }

  async replaceLive(
    _tx: TransactionContext,
    code: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    for (const row of this.rows) {
      if (row.userId === code.userId && row.purpose === code.purpose && !row.consumedAt) row.consumedAt = code.createdAt;
    }
    this.rows.push({ id: randomUUID(), userId: code.userId, purpose: code.purpose, codeHash: code.codeHash, attempts: 0, expiresAt: code.expiresAt, consumedAt: null, createdAt: code.createdAt });
  }

  async findLiveForUpdate(_tx: TransactionContext, userId: string, purpose: OtpPurpose): Promise<OneTimeCodeState | null> {
    const row = this.rows.find((r) => r.userId === userId && r.purpose === purpose && !r.consumedAt);
    if (!row) return null;
    const { createdAt: _createdAt, ...state } = row;
    return state;
  }

  async countIssuedSince(_tx: TransactionContext, userId: string, purpose: OtpPurpose, since: Date): Promise<number> {
    this.calls.push('countIssuedSince');
    return this.rows.filter((r) => r.userId === userId && r.purpose === purpose && r.createdAt > since).length;
  }

  async update(_tx: TransactionContext, id: string, next: Pick<OneTimeCodeState, 'attempts' | 'consumedAt'>): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (row) Object.assign(row, next);
  }
}
