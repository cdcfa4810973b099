import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { UserKycStatuses } from '../../application/user-kyc-statuses';
import type { KycStatus } from '../../domain/roles';
import { usersQueries } from './users.queries';

/** KYC's UserKycStatuses, answered by the users context that owns `users.kyc_status`. */
@Injectable()
export class SqlUserKycStatuses extends UserKycStatuses {
  async set(tx: TransactionContext, userId: string, status: KycStatus): Promise<void> {
    await runSql(emOf(tx), usersQueries.setKycStatus(userId, status));
  }
}
