import { walletKeys } from '../../../lib/query-keys';
import { useApi, type ApiAnswer } from '../../../lib/api';

export type DepositInstructions = ApiAnswer<'/api/wallet/deposit/instructions'>;

/** GET /api/wallet/deposit/instructions: my payment reference, the bank details, the limits and the expected time. */
export function useDepositInstructions() {
  return useApi(walletKeys.instructions(), { revalidateOnFocus: false });
}
