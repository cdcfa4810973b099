import { useApi } from '../../../lib/api';
import { copyKeys } from '../../../lib/query-keys';

/** GET /api/copies: my copies with equity, PnL and status. */
export function useCopies() {
  const swr = useApi(copyKeys.mine());
  return { ...swr, copies: swr.data };
}
