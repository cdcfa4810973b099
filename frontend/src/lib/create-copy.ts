import { api, type ApiBody } from './api';
import { copyKeys, traderKeys, walletKeys } from './query-keys';
import { useMutation } from './use-mutation';

export interface CreateCopyBody {
  traderId: number | string;
  /** a 2-decimal amount */
  amount: string;
  stopLossPct?: number;
  /** also open the trader's open trades at today's price */
  copyOpenTrades?: boolean;
}

/** What POST /copies answers with copyOpenTrades (the copy, plus which open trades it took over). */
export interface CreateCopyAnswer {
  openTrades?: {
    copied: Array<{ symbol: string; side: string; size: string; traderFill: string; copierFill: string }>;
    skipped: Array<{ symbol: string; reason: string }>;
  };
}

/** POST /api/copies: follow a trader (moves cash → copy equity), with the attempt's Idempotency-Key. */
export function createCopy(body: CreateCopyBody, idempotencyKey: string): Promise<CreateCopyAnswer> {
  const traderId = typeof body.traderId === 'string' && /^\d+$/.test(body.traderId) ? Number(body.traderId) : body.traderId;
  const payload: CreateCopyBody = { traderId, amount: body.amount };
  if (body.stopLossPct !== undefined) payload.stopLossPct = body.stopLossPct;
  if (body.copyOpenTrades) payload.copyOpenTrades = true;
  return api('post', '/api/copies', { body: payload as ApiBody<'/api/copies', 'post'>, headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * Copying a trader, shared by the trader page's copy dialog and the plain copy form. The hook owns busy
 * state, the Idempotency-Key (one per attempt: a double click or a retry after a lost answer copies once;
 * call `newAttempt()` when the form changes) and the refresh of copies, wallet and traders.
 */
export function useCreateCopy() {
  return useMutation((body: CreateCopyBody, ctx) => createCopy(body, ctx.idempotencyKey!), { idempotent: true, invalidate: [copyKeys.all, walletKeys.all, traderKeys.all] });
}
