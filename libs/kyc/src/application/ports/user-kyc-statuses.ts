import type { TransactionContext } from '@mirrorline/shared';
import type { KycStatus } from '@mirrorline/identity';

/**
 * Port: writes a user's KYC status. The KYC context decides the transitions; the column lives in
 * `users`, which the users context owns, so the users context answers this port (UsersPortsModule).
 */
export abstract class UserKycStatuses {
  abstract set(tx: TransactionContext, userId: string, status: KycStatus): Promise<void>;
}
