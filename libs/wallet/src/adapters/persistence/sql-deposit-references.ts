import { Injectable } from '@nestjs/common';
import { DomainError, runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { newDepositReference } from '../../domain/deposit-reference';
import { DepositReferences, type MatchedTransfer, type ReferenceHolder } from '../../application/ports/deposit-references';
import { depositReferencesQueries as q } from './deposit-references.queries';

/** A fresh reference collides with another user's about once in 10^11 draws; a few tries are plenty. */
const TRIES = 5;

@Injectable()
export class SqlDepositReferences extends DepositReferences {
  async ofUser(tx: TransactionContext, userId: string): Promise<string> {
    const em = emOf(tx);
    for (let attempt = 0; attempt < TRIES; attempt++) {
      // ON CONFLICT without a target: the user already has one (a concurrent first read waits on the key, then
      // finds the winner's), or the drawn reference is taken (then the select finds nothing and we draw again).
      await runSql(em, q.insertReference(userId, newDepositReference()));
      const [row] = await runSql(em, q.referenceOfUser(userId));
      if (row) return row.reference;
    }
    throw new DomainError('WALLET.REFERENCE_UNAVAILABLE', 'No deposit reference could be made; try again', 'service_unavailable', { retryAfterSeconds: 1 });
  }

  async holder(tx: TransactionContext, reference: string, lock = false): Promise<ReferenceHolder | null> {
    const [row] = await runSql(emOf(tx), q.holder(reference, lock));
    return row
      ? { reference: row.reference, userId: row.user_id, username: row.username, email: row.email, kycStatus: row.kyc_status, blocked: row.blocked, deleted: row.deleted }
      : null;
  }

  async recordTransfer(tx: TransactionContext, t: MatchedTransfer): Promise<boolean> {
    const rows = await runSql(emOf(tx), q.recordTransfer(t));
    return rows.length === 1;
  }
}
