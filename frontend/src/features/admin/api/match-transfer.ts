import { adminKeys } from '../../../lib/query-keys';
import { api, type ApiAnswer, type ApiBody } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

export type MatchTransferBody = ApiBody<'/api/admin/bank-transfers', 'post'>;
export type ReferenceHolder = ApiAnswer<'/api/admin/deposit-references/{reference}'>;

/** GET /api/admin/deposit-references/{reference}: whose reference an incoming transfer carries (404 for nobody's). */
export function findReferenceHolder(reference: string): Promise<ReferenceHolder> {
  return api('get', '/api/admin/deposit-references/{reference}', { path: { reference: reference.trim() } });
}

/**
 * POST /api/admin/bank-transfers {reference, amount, bankTxId}: credits the transfer to the reference's owner, once per
 * bank transaction id. The hook owns busy state, the Idempotency-Key (a retry after a lost answer replays) and the
 * refresh of the transactions, wallets and overview figures.
 */
export function useMatchTransfer() {
  return useMutation(
    (body: MatchTransferBody, ctx) =>
      api('post', '/api/admin/bank-transfers', { body, headers: ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : undefined }),
    { idempotent: true, invalidate: [adminKeys.transactionsAll, adminKeys.walletsAll, adminKeys.detailsAll] },
  );
}
