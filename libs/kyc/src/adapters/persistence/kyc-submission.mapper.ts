import type { DocumentType, KycSubmission, SubmissionStatus } from '../../domain/kyc';
import type { KycSubmissionEntity } from './kyc-submission.entity';

/** Entity ↔ domain: the domain never sees the entity; dates come back typed and a JSON text file list parsed. */
export const kycSubmissionMapper = {
  toDomain(entity: KycSubmissionEntity): KycSubmission {
    return {
      id: entity.id,
      userId: entity.userId,
      documentType: entity.documentType as DocumentType,
      documentNumber: entity.documentNumber,
      status: entity.status as SubmissionStatus,
      files: kycSubmissionMapper.files(entity.files),
      reviewedBy: entity.reviewedBy ?? null,
      reviewedAt: entity.reviewedAt ? new Date(entity.reviewedAt) : null,
      createdAt: new Date(entity.createdAt),
    };
  },

  files(value: KycSubmissionEntity['files'] | string | null | undefined): KycSubmission['files'] {
    if (!value) return {};
    return (typeof value === 'string' ? JSON.parse(value) : value) as KycSubmission['files'];
  },
};
