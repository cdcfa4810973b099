import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { DomainError, UnitOfWork } from '@mirrorline/shared';
import { AuditLog } from '@mirrorline/audit';
import { EXTENSION_OF, type KycContentType, type KycFileName } from '../../../domain/kyc';
import { DocumentStore } from '../../ports/document-store';
import { KycSubmissionRepository } from '../../ports/kyc-submission.repository';

const notFound = () => new DomainError('KYC.DOCUMENT_NOT_FOUND', 'Document not found', 'not_found');

/** Admin review: one stored document with the type detected at upload (never the client's claim). */
@Injectable()
export class GetKycDocumentUseCase {
  constructor(
    private readonly submissions: KycSubmissionRepository,
    private readonly storage: DocumentStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
  ) {}

  /** Identity documents are personal data: every view is recorded with who looked and from where. */
  async execute(submissionId: string, name: KycFileName, viewer: { userId: string; ip?: string | null }): Promise<{ stream: Readable; contentType: KycContentType; size: number; fileName: string }> {
    const submission = await this.submissions.findById(submissionId);
    const file = submission?.files[name];
    if (!submission || !file) throw notFound();
    const stream = await this.storage.open(file.key);
    if (!stream) throw notFound();
    await this.uow.run((tx) =>
      this.audit.record(tx, {
        actorId: viewer.userId,
        action: 'kyc.document_view',
        targetType: 'kyc_submission',
        targetId: submission.id,
        after: { file: name, userId: submission.userId },
        ip: viewer.ip,
      }),
    );
    return { stream, contentType: file.contentType, size: file.size, fileName: `${name}.${EXTENSION_OF[file.contentType]}` };
  }
}
