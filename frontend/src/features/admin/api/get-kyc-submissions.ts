import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, num, pageOf, str } from '../../../lib/normalize';

export interface KycFile {
  name: string;
  contentType: string;
  size: number;
  url: string;
}

export interface KycSubmission {
  id: string;
  userId: string;
  username: string;
  email: string;
  documentType: string;
  documentNumber: string;
  status: string;
  files: KycFile[];
  createdAt: string;
}

/** GET /api/admin/kyc?status=&page=: KYC submissions, newest first. */
export function useKycSubmissions(status: string, page: number) {
  const swr = useSWR(['/admin/kyc', { status: status || undefined, page, limit: 10 }] as const, swrFetcher, { keepPreviousData: true });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'submissions');
  return {
    ...swr,
    page: p && {
      ...p,
      items: p.items.map((raw): KycSubmission => {
        const o = isObj(raw) ? raw : {};
        const files = isObj(o.files) ? o.files : {};
        return {
          id: str(o.id),
          userId: str(o.userId),
          username: str(o.username),
          email: str(o.email),
          documentType: str(o.documentType),
          documentNumber: str(o.documentNumber),
          status: str(o.status),
          createdAt: str(o.createdAt),
          files: Object.entries(files).map(([name, f]) => ({
            name,
            contentType: str(isObj(f) ? f.contentType : ''),
            size: num(isObj(f) ? f.size : 0),
            url: str(isObj(f) ? f.url : ''),
          })),
        };
      }),
    },
  };
}
