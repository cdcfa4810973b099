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
import { KycDocumentStorage } from '../../ports/kyc-document-storage';
import { KycSubmissionRepository } from '../../ports/kyc-submission.repository';

export interface RequestKycCommand {
  userId: string;
  documentType: DocumentType;
  documentNumber: string;
  files: Partial<Record<KycFileName, Buffer>>;
}

const invalidFile = (name: string, message: string) =>
  new DomainError('KYC.INVALID_FILE', message, 'validation', { errors: { [name]: [message] } });

/** Unverified → Pending: the user's documents are checked by content, stored, and queued for review. */
@Injectable()
export class RequestKycUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly submissions: KycSubmissionRepository,
    private readonly storage: KycDocumentStorage,
  ) {}

  async execute(command: RequestKycCommand): Promise<KycSubmission> {
    const accepted: Array<[KycFileName, Buffer, StoredKycFile['contentType']]> = [];
    for (const name of ['front', 'back', 'selfie'] as const) {
      const bytes = command.files[name];
      if (!bytes) {
        if (name !== 'back') throw invalidFile(name, `${name} is required`);
        continue;
      }
      if (bytes.length === 0) throw invalidFile(name, `${name} is empty`);
      if (bytes.length > MAX_KYC_FILE_BYTES) throw new DomainError('KYC.FILE_TOO_LARGE', `${name} is larger than 5 MB`, 'validation');
      const contentType = detectContentType(bytes);
      if (!contentType) throw invalidFile(name, `${name} must be a JPEG, PNG or PDF file`);
      accepted.push([name, bytes, contentType]);
    }

    const stored: Partial<Record<KycFileName, StoredKycFile>> = {};
    try {
      for (const [name, bytes, contentType] of accepted) {
        stored[name] = { key: await this.storage.save(bytes), contentType, size: bytes.length };
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
