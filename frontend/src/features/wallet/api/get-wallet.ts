import { walletKeys } from '../../../lib/query-keys';
import { useApi } from '../../../lib/api';
import { toWallet } from './types';

/** GET /api/wallet: balance, tradingBalance, held and the latest transactions. */
export function useWallet() {
  const swr = useApi(walletKeys.balance());
  return { ...swr, wallet: swr.data === undefined ? undefined : toWallet(swr.data) };
}
