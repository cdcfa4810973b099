import { kycSubmissionMapper } from './kyc-submission.mapper';
import type { KycSubmissionEntity } from './kyc-submission.entity';

describe('kycSubmissionMapper', () => {
  const entity = (patch: Partial<KycSubmissionEntity> = {}): KycSubmissionEntity =>
    Object.assign(
      {
        id: 'b5f3c0de-0000-4000-8000-000000000001',
        userId: 'b5f3c0de-0000-4000-8000-000000000002',
        documentType: 'passport',
        documentNumber: 'X123',
        status: 'Pending',
        files: { front: { key: 'k/front', contentType: 'image/png', size: 10 } },
        reviewedBy: null,
        reviewedAt: null,
        createdAt: '2026-11-23T10:00:00.000Z' as unknown as Date,
      },
      patch,
    ) as KycSubmissionEntity;

  it('maps a row to the domain submission with typed dates', () => {
    const s = kycSubmissionMapper.toDomain(entity({ reviewedAt: '2026-11-23T11:00:00.000Z' as unknown as Date, reviewedBy: 'admin' }));
    expect(s).toEqual({
      id: 'b5f3c0de-0000-4000-8000-000000000001',
      userId: 'b5f3c0de-0000-4000-8000-000000000002',
      documentType: 'passport',
      documentNumber: 'X123',
      status: 'Pending',
      files: { front: { key: 'k/front', contentType: 'image/png', size: 10 } },
      reviewedBy: 'admin',
      reviewedAt: new Date('2026-11-23T11:00:00.000Z'),
      createdAt: new Date('2026-11-23T10:00:00.000Z'),
    });
  });

  it('reads a file list stored as JSON text, and none as empty', () => {
    expect(kycSubmissionMapper.files('{"back":{"key":"k/back","contentType":"image/jpeg","size":3}}')).toEqual({ back: { key: 'k/back', contentType: 'image/jpeg', size: 3 } });
    expect(kycSubmissionMapper.files(null)).toEqual({});
    expect(kycSubmissionMapper.toDomain(entity({ files: {} })).files).toEqual({});
  });
});
