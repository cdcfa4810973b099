import type { TransactionContext } from '@mirrorline/shared';

export type CopyNoticeKind = 'opened' | 'closed';

/**
 * The transactional outbox of a trade's per-follower notices (copied / skipped / closed with pnl): the trade's
 * transaction records one notice; the followers' notifications are written right after the commit, exactly once.
 */
export abstract class CopyNoticeOutbox {
  abstract enqueue(tx: TransactionContext, tradeId: string, kind: CopyNoticeKind): Promise<void>;
}
