import { useApi } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

/** GET /api/user/get-all?page=&limit=&search=: {users, total, page, limit}. */
export function useUsers(page: number, search: string) {
  const swr = useApi(adminKeys.users(page, search), { keepPreviousData: true });
  const data = swr.data;
  return { ...swr, page: data && { items: data.users, total: data.total, page: data.page, limit: data.limit } };
}
