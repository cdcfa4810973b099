import useSWR from 'swr';
import type { ApiAnswer } from '../../../lib/api';
import { swrFetcher } from '../../../lib/fetcher';

/** GET /api/user/get-all?page=&limit=&search=: {users, total, page, limit}. */
export function useUsers(page: number, search: string) {
  const swr = useSWR<ApiAnswer<'/api/user/get-all'>>(['/user/get-all', { page, limit: 20, search: search || undefined }] as const, swrFetcher, { keepPreviousData: true });
  const data = swr.data;
  return { ...swr, page: data && { items: data.users, total: data.total, page: data.page, limit: data.limit } };
}
