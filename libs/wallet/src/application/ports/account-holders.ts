import type { TransactionContext } from '@mirrorline/shared';

/** What the wallet needs to know about a user (owned by the users and KYC contexts). */
export abstract class AccountHolders {
  /**
   * The user's KYC status, or null when there is no such (undeleted) user. Holds a share lock on the
   * user until the transaction ends, so an account deletion (which locks the user for update) cannot
   * run between this check and the money request it guards.
   */
  abstract kycStatus(tx: TransactionContext, userId: string): Promise<string | null>;
  /** Whether the user's account was deleted; same share lock as kycStatus. */
  abstract isDeleted(tx: TransactionContext, userId: string): Promise<boolean>;
}
