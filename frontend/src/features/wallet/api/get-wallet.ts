import useSWR from 'swr';
import { swrFetcher } from '../../../lib/fetcher';
import { toWallet } from './types';

/** GET /api/wallet: balance, tradingBalance, held and the latest transactions. */
export function useWallet() {
  const swr = useSWR('/wallet', swrFetcher);
  return { ...swr, wallet: swr.data === undefined ? undefined : toWallet(swr.data) };
}
