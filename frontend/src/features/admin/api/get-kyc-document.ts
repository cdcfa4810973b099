import { authRequest } from '../../../lib/fetcher';

/** GET /api/admin/kyc/:id/files/:name: the document as a Blob (the route needs the bearer token, so no plain link). */
export function getKycDocument(url: string): Promise<Blob> {
  return authRequest<Blob>(url, { responseType: 'blob', timeoutMs: 60_000 });
}
