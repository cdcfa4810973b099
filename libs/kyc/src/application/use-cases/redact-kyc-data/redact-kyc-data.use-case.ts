import { Injectable, Logger } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { DocumentStore } from '../../ports/document-store';
import { KycSubmissionRepository } from '../../ports/kyc-submission.repository';

/** What a redacted submission keeps instead of the document number (the column is NOT NULL). */
export const REDACTED_DOCUMENT_NUMBER = 'redacted';

/**
 * Erases the identity data of a deleted account's KYC submissions: the document number is replaced
 * and the file references dropped inside the caller's transaction (`executeIn`); the files
 * themselves are removed only after that transaction committed (`removeDocuments`), so a rollback
 * never leaves a submission pointing at files that are gone.
 */
@Injectable()
export class RedactKycDataUseCase {
  private readonly logger = new Logger(RedactKycDataUseCase.name);

  constructor(
    private readonly submissions: KycSubmissionRepository,
    private readonly storage: DocumentStore,
  ) {}

  /** Redacts every submission of the user; returns the storage keys to remove once committed. */
  executeIn(tx: TransactionContext, userId: string): Promise<string[]> {
    return this.submissions.redactForUser(tx, userId, REDACTED_DOCUMENT_NUMBER);
  }

  /** Best effort: a file that cannot be removed is logged (by key only) and does not undo the deletion. */
  async removeDocuments(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.remove(key);
      } catch (error) {
        this.logger.warn(`KYC document ${key} of a deleted account could not be removed: ${(error as Error).message}`);
      }
    }
  }
}
