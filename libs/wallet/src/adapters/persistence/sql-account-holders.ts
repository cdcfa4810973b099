import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { AccountHolders } from '../../application/ports/account-holders';
import { accountHoldersQueries as q } from './account-holders.queries';

/**
 * Reads `users` (owned by accounts, joined through its usersTable fragment) inside the wallet's transaction. FOR KEY SHARE is the
 * weakest lock that still conflicts with the deletion's FOR UPDATE: money requests of one user do not
 * queue behind each other, only behind (or ahead of) a deletion of that user.
 */
@Injectable()
export class SqlAccountHolders extends AccountHolders {
  async kycStatus(tx: TransactionContext, userId: string): Promise<string | null> {
    const [row] = await runSql(emOf(tx), q.kycStatus(userId));
    return row && !row.deleted ? row.kyc_status : null;
  }

  async isDeleted(tx: TransactionContext, userId: string): Promise<boolean> {
    const [row] = await runSql(emOf(tx), q.deleted(userId));
    return !row || row.deleted;
  }
}
