import { UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { InMemoryAuditLog } from '@mirrorline/audit/testing';
import { InMemoryDocumentStore, InMemoryKycSubmissionRepository } from '../../testing/in-memory-kyc.fakes';
import { RequestKycUseCase } from './request-kyc/request-kyc.use-case';
import { SetKycStatusUseCase } from './set-kyc-status/set-kyc-status.use-case';
import { GetKycDocumentUseCase } from './get-kyc-document/get-kyc-document.use-case';

class ImmediateUnitOfWork extends UnitOfWork {
  run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    return work({ kind: 'transaction' });
  }
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PDF = Buffer.from('%PDF-1.7 body');
const HTML = Buffer.from('<html><script>1</script></html>');

function setup() {
  const repo = new InMemoryKycSubmissionRepository();
  const storage = new InMemoryDocumentStore();
  const audit = new InMemoryAuditLog();
  return {
    repo,
    storage,
    audit,
    request: new RequestKycUseCase(new ImmediateUnitOfWork(), repo, storage),
    decide: new SetKycStatusUseCase(repo),
    document: new GetKycDocumentUseCase(repo, storage, new ImmediateUnitOfWork(), audit),
  };
}

describe('RequestKycUseCase', () => {
  it('stores the files with their detected types and moves the user to Pending', async () => {
    const s = setup();
    s.repo.statuses.set('u1', 'Unverified');
    const submission = await s.request.execute({ userId: 'u1', documentType: 'passport', documentNumber: 'X1', files: { front: PNG, selfie: PDF } });
    expect(s.repo.statuses.get('u1')).toBe('Pending');
    expect(submission.files.front).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(submission.files.selfie?.contentType).toBe('application/pdf');
    expect(submission.files.back).toBeUndefined();
    expect(s.storage.files.size).toBe(2);
  });

  it('refuses a non-image before storing anything', async () => {
    const s = setup();
    s.repo.statuses.set('u1', 'Unverified');
    await expect(s.request.execute({ userId: 'u1', documentType: 'passport', documentNumber: 'X1', files: { front: PNG, selfie: HTML } })).rejects.toMatchObject({
      code: 'KYC.INVALID_FILE',
      kind: 'validation',
    });
    expect(s.storage.files.size).toBe(0);
  });

  it('removes the stored files when the state forbids the submission (409)', async () => {
    const s = setup();
    s.repo.statuses.set('u1', 'Pending');
    await expect(s.request.execute({ userId: 'u1', documentType: 'passport', documentNumber: 'X1', files: { front: PNG, selfie: PNG } })).rejects.toMatchObject({
      code: 'KYC.ALREADY_PENDING',
    });
    expect(s.storage.files.size).toBe(0);
    expect(s.repo.submissions).toHaveLength(0);
  });
});

describe('SetKycStatusUseCase', () => {
  it('closes the waiting submission as Verified or Rejected and leaves it on Pending', async () => {
    const s = setup();
    s.repo.statuses.set('u1', 'Unverified');
    const submission = await s.request.execute({ userId: 'u1', documentType: 'national_id', documentNumber: 'N1', files: { front: PNG, selfie: PNG } });
    expect(await s.decide.executeIn({ kind: 'transaction' }, { userId: 'u1', status: 'Pending', reviewerId: 'a' })).toEqual({ before: 'Pending', after: 'Pending', submissionId: null });
    const result = await s.decide.executeIn({ kind: 'transaction' }, { userId: 'u1', status: 'Verified', reviewerId: 'a' });
    expect(result).toEqual({ before: 'Pending', after: 'Verified', submissionId: submission.id });
    expect(s.repo.submissions[0]).toMatchObject({ status: 'Verified', reviewedBy: 'a' });
  });

  it('answers not found for an unknown user', async () => {
    await expect(setup().decide.executeIn({ kind: 'transaction' }, { userId: 'nobody', status: 'Verified', reviewerId: 'a' })).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('GetKycDocumentUseCase', () => {
  it('returns the stored bytes with the detected type and a safe file name, audits the view; 404 for a missing file', async () => {
    const s = setup();
    s.repo.statuses.set('u1', 'Unverified');
    const submission = await s.request.execute({ userId: 'u1', documentType: 'passport', documentNumber: 'X1', files: { front: PNG, selfie: PDF } });
    const doc = await s.document.execute(submission.id, 'selfie', { userId: 'admin-1', ip: '10.0.0.2' });
    expect(doc).toMatchObject({ contentType: 'application/pdf', fileName: 'selfie.pdf', size: PDF.length });
    expect(s.audit.entries).toEqual([expect.objectContaining({ action: 'kyc.document_view', actorId: 'admin-1', targetId: submission.id, ip: '10.0.0.2' })]);
    await expect(s.document.execute(submission.id, 'back', { userId: 'admin-1' })).rejects.toMatchObject({ kind: 'not_found' });
    expect(s.audit.entries).toHaveLength(1);
  });
});
