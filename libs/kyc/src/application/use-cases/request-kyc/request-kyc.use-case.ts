import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import {
  assertCanSubmit,
  detectContentType,
  MAX_KYC_FILE_BYTES,
  type DocumentType,
  type KycFileName,
  type KycSubmission,
  type StoredKycFile,
} from '../../../domain/kyc';
import { DocumentStore } from '../../ports/document-store';
import { KycSubmissionRepository } from '../../ports/kyc-submission.repository';

/** An upload the HTTP adapter streamed to a temporary file (never held in memory). */
export interface KycTempUpload {
  path: string;
  size: number;
}

export interface RequestKycCommand {
  userId: string;
  documentType: DocumentType;
  documentNumber: string;
  files: Partial<Record<KycFileName, Buffer | KycTempUpload>>;
}

const isTemp = (file: Buffer | KycTempUpload): file is KycTempUpload => !Buffer.isBuffer(file);

const invalidFile = (name: string, message: string) =>
  new DomainError('KYC.INVALID_FILE', message, 'validation', { errors: { [name]: [message] } });

/** Unverified → Pending: the user's documents are checked by content, stored, and queued for review. */
@Injectable()
export class RequestKycUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly submissions: KycSubmissionRepository,
    private readonly storage: DocumentStore,
  ) {}

  /**
   * Whether the user may upload at all, asked before the body is read: a user whose KYC is Pending or
   * Verified gets the 409 at once, instead of after megabytes of documents were received.
   */
  async assertCanStart(userId: string): Promise<void> {
    const status = await this.uow.run((tx) => this.submissions.lockUserStatus(tx, userId));
    if (status === null) throw new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
    assertCanSubmit(status);
  }

  async execute(command: RequestKycCommand): Promise<KycSubmission> {
    try {
      return await this.submit(command);
    } finally {
      // Temporary uploads that were not adopted (refused, or the submission failed) never stay on disk.
      for (const file of Object.values(command.files)) if (file && isTemp(file)) await this.storage.discard(file.path).catch(() => undefined);
    }
  }

  private async submit(command: RequestKycCommand): Promise<KycSubmission> {
    const accepted: Array<[KycFileName, Buffer | KycTempUpload, StoredKycFile['contentType'], number]> = [];
    for (const name of ['front', 'back', 'selfie'] as const) {
      const file = command.files[name];
      if (!file) {
        if (name !== 'back') throw invalidFile(name, `${name} is required`);
        continue;
      }
      const size = isTemp(file) ? file.size : file.length;
      if (size === 0) throw invalidFile(name, `${name} is empty`);
      if (size > MAX_KYC_FILE_BYTES) throw new DomainError('KYC.FILE_TOO_LARGE', `${name} is larger than 5 MB`, 'validation');
      const contentType = detectContentType(isTemp(file) ? await this.storage.head(file.path, 16) : file);
      if (!contentType) throw invalidFile(name, `${name} must be a JPEG, PNG or PDF file`);
      accepted.push([name, file, contentType, size]);
    }

    const stored: Partial<Record<KycFileName, StoredKycFile>> = {};
    try {
      for (const [name, file, contentType, size] of accepted) {
        stored[name] = { key: isTemp(file) ? await this.storage.adopt(file.path) : await this.storage.save(file), contentType, size };
      }
      return await this.uow.run(async (tx) => {
        const status = await this.submissions.lockUserStatus(tx, command.userId);
        if (status === null) throw new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
        assertCanSubmit(status);
        const submission = await this.submissions.insert(tx, {
          userId: command.userId,
          documentType: command.documentType,
          documentNumber: command.documentNumber,
          status: 'Pending',
          files: stored,
        });
        await this.submissions.setUserStatus(tx, command.userId, 'Pending');
        return submission;
      });
    } catch (error) {
      // Nothing was recorded: do not keep orphaned identity documents on disk.
      await Promise.all(Object.values(stored).map((file) => this.storage.remove(file.key).catch(() => undefined)));
      throw error;
    }
  }
}
