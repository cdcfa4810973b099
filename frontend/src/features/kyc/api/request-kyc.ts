import { api } from '../../../lib/api';
import { userKeys } from '../../../lib/query-keys';
import { getSession, refreshAccessToken } from '../../../lib/auth-session';
import { rule } from '../../../lib/input-rules';
import { useMutation } from '../../../lib/use-mutation';

export interface KycSubmission {
  documentType: string;
  documentNumber: string;
  front: File;
  back?: File | null;
  selfie: File;
}

/** POST /api/user/requestKYC (multipart): KYC → Pending. */
export function requestKyc(s: KycSubmission): Promise<unknown> {
  const form = new FormData();
  form.append('documentType', s.documentType);
  form.append('documentNumber', s.documentNumber);
  form.append('front', s.front);
  if (s.back) form.append('back', s.back);
  form.append('selfie', s.selfie);
  return api('post', '/api/user/requestKYC', { body: form, timeoutMs: 60_000 });
}

/**
 * Uploads the KYC documents. The hook owns busy state, the refresh of my live profile (the status becomes
 * Pending) and a fresh access token, whose copy of the status the menus read (not while impersonating: the
 * refresh cookie is the admin's and would end the impersonation).
 */
export function useRequestKyc() {
  return useMutation(
    async (s: KycSubmission) => {
      const answer = await requestKyc(s);
      if (!getSession().impersonated) refreshAccessToken().catch(() => undefined);
      return answer;
    },
    { invalidate: [userKeys.meAll] },
  );
}

/** The most bytes a document may have (the API's maxLength of each file of the upload). */
export const MAX_FILE_BYTES = rule('RequestKycMultipartSchema', 'front').maxLength!;
const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;
/** The document number's rule (pattern and lengths). */
export const DOCUMENT_NUMBER = rule('RequestKycMultipartSchema', 'documentNumber');
/** The content types a document may have (the API's multipart `encoding`). */
export const ACCEPTED_TYPES = rule('RequestKycMultipartSchema', 'front').contentType!.split(',').map((t) => t.trim());

export function fileError(file: File | null | undefined, required: boolean): string | undefined {
  if (!file) return required ? 'Choose a file' : undefined;
  if (!ACCEPTED_TYPES.includes(file.type)) return 'Use a JPEG, PNG or PDF file';
  if (file.size > MAX_FILE_BYTES) return `The file is larger than ${MAX_MB} MB`;
  return undefined;
}
