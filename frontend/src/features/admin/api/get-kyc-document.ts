import { apiBlob } from '../../../lib/api';

/** GET /api/admin/kyc/:id/files/:name: the document as a Blob (the route needs the bearer token, so no plain link). */
export function getKycDocument(submissionId: string, name: string): Promise<Blob> {
  return apiBlob('/api/admin/kyc/{id}/files/{name}', { path: { id: submissionId, name: name as 'front' | 'back' | 'selfie' }, timeoutMs: 60_000 });
}
