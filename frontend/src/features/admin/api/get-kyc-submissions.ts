import { useApi, type ApiAnswer } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

type Answer = ApiAnswer<'/api/admin/kyc'>;
type Raw = Answer['submissions'][number];

export interface KycFile {
  name: string;
  contentType: string;
  size: number;
  url: string;
}

/** A submission as the review screen shows it: the document's row, files as a named list. */
export interface KycSubmission extends Omit<Raw, 'files'> {
  files: KycFile[];
}

function toSubmission(raw: Raw): KycSubmission {
  return { ...raw, files: Object.entries(raw.files).map(([name, f]) => ({ name, ...f })) };
}

/** GET /api/admin/kyc?status=&page=: KYC submissions, newest first. */
export function useKycSubmissions(status: string, page: number) {
  const swr = useApi(adminKeys.kyc(status, page), { keepPreviousData: true });
  const data = swr.data;
  return { ...swr, page: data && { items: data.submissions.map(toSubmission), total: data.total, page: data.page, limit: data.limit } };
}
