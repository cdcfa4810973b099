import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { isObj, pageOf, str } from '../../../lib/normalize';

export interface AdminTransaction {
  id: string;
  username: string;
  email: string;
  type: string;
  amount: string;
  destination: string | null;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

/** GET /api/admin/transactions?status=&page=: every user's deposits and withdrawals. */
export function useAdminTransactions(status: string, page: number) {
  const swr = useSWR(['/admin/transactions', { status: status || undefined, page, limit: 20 }] as const, swrFetcher, { keepPreviousData: true });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'transactions');
  return {
    ...swr,
    page: p && {
      ...p,
      items: p.items.map((raw): AdminTransaction => {
        const o = isObj(raw) ? raw : {};
        return {
          id: str(o.id),
          username: str(o.username),
          email: str(o.email),
          type: str(o.type),
          amount: str(o.amount, '0'),
          destination: o.destination ? str(o.destination) : null,
          status: str(o.status),
          createdAt: str(o.createdAt),
          decidedAt: o.decidedAt ? str(o.decidedAt) : null,
        };
      }),
    },
  };
}
