import type { KycStatus } from '@mirrorline/accounts';
import type { TransactionContext } from '@mirrorline/shared';

export interface KycDecision {
  userId: string;
  status: KycStatus;
  reviewerId: string;
}

/**
 * Port for the contexts above KYC (user management): an admin's KYC decision and the erasure of a deleted
 * account's identity data, both inside the caller's transaction. KYC owns the port and its implementation.
 */
export abstract class KycAdministration {
  /** Sets the user's status and closes the waiting submission (SetKycStatusUseCase). */
  abstract setStatus(tx: TransactionContext, decision: KycDecision): Promise<{ before: KycStatus; after: KycStatus; submissionId: string | null }>;
  /** Redacts every submission of the user; returns the storage keys to remove once committed. */
  abstract redact(tx: TransactionContext, userId: string): Promise<string[]>;
  /** After the commit, best effort: removes the documents `redact` returned. */
  abstract removeDocuments(keys: string[]): Promise<void>;
}
