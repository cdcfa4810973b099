import type { TransactionContext } from '@mirrorline/shared';
import type { KycStatus } from '../domain/roles';

/**
 * Writes a user's KYC status. The KYC context decides the transitions; the column lives in `users`,
 * which accounts owns, so accounts answers it (bound by AccountsModule, which KycModule imports).
 */
export abstract class UserKycStatuses {
  abstract set(tx: TransactionContext, userId: string, status: KycStatus): Promise<void>;
}
