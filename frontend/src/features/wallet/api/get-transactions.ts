import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { pageOf } from '../../../lib/normalize';
import { toTransaction } from './types';

/** GET /api/wallet/transactions?page=: my deposits and withdrawals, newest first. */
export function useWalletTransactions(page: number) {
  const swr = useSWR(['/wallet/transactions', { page, limit: 10 }] as const, swrFetcher, { keepPreviousData: true });
  const p = swr.data === undefined ? undefined : pageOf<unknown>(swr.data, 'transactions');
  return { ...swr, page: p && { ...p, items: p.items.map(toTransaction) } };
}
