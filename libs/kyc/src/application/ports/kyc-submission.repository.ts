import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { KycStatus } from '@mirrorline/accounts';
import type { KycSubmission, SubmissionStatus } from '../../domain/kyc';

export interface KycSubmissionQuery extends PageQuery {
  status?: SubmissionStatus;
  userId?: string;
}

export interface KycSubmissionListItem extends KycSubmission {
  username: string;
  email: string;
}

export abstract class KycSubmissionRepository {
  /** The user's KYC status with the user row locked; null for a missing or deleted user. */
  abstract lockUserStatus(tx: TransactionContext, userId: string): Promise<KycStatus | null>;
  abstract setUserStatus(tx: TransactionContext, userId: string, status: KycStatus): Promise<void>;
  abstract insert(tx: TransactionContext, submission: Omit<KycSubmission, 'id' | 'createdAt' | 'reviewedBy' | 'reviewedAt'>): Promise<KycSubmission>;
  /** Closes the user's waiting submission (if any) with the admin's decision. */
  abstract resolvePending(tx: TransactionContext, userId: string, status: SubmissionStatus, reviewerId: string): Promise<string | null>;
  /**
   * Replaces the document number of every submission of the user and empties its file list (account
   * deletion); returns the storage keys the submissions referred to.
   */
  abstract redactForUser(tx: TransactionContext, userId: string, redactedNumber: string): Promise<string[]>;
  abstract findById(id: string): Promise<KycSubmission | null>;
  abstract list(query: KycSubmissionQuery): Promise<Page<KycSubmissionListItem>>;
}
