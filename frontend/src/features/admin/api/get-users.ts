import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { pageOf } from '../../../lib/normalize';
import { toAdminUser } from './types';

/** GET /api/user/get-all?page=&limit=&search=: {users, total, page, limit}. */
export function useUsers(page: number, search: string) {
  const swr = useSWR(['/user/get-all', { page, limit: 20, search: search || undefined }] as const, swrFetcher, { keepPreviousData: true });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'users');
  return { ...swr, page: p && { ...p, items: p.items.map(toAdminUser) } };
}
