import type { TransactionContext } from '@mirrorline/shared';

/** What the wallet needs to know about a user (owned by the users and KYC contexts). */
export abstract class AccountHolders {
  /** The user's KYC status, or null when there is no such (undeleted) user. */
  abstract kycStatus(tx: TransactionContext, userId: string): Promise<string | null>;
}
