import type { Cents, TransactionContext } from '@mirrorline/shared';

/** The user a deposit reference belongs to, as the admin sees it before matching a transfer. */
export interface ReferenceHolder {
  reference: string;
  userId: string;
  username: string;
  email: string;
  kycStatus: string;
  blocked: boolean;
  deleted: boolean;
}

export interface MatchedTransfer {
  bankTxId: string;
  reference: string;
  userId: string;
  amount: Cents;
  walletTransactionId: string;
  matchedBy: string;
  matchedAt: Date;
}

/** Bank-transfer references and the transfers matched to them (docs/wallet.md, "Bank transfers"). */
export abstract class DepositReferences {
  /** The user's reference, made on the first call; concurrent first calls get the same one. */
  abstract ofUser(tx: TransactionContext, userId: string): Promise<string>;
  /** Who a (canonical) reference belongs to; with `lock`, holds the user FOR KEY SHARE (a deletion waits). */
  abstract holder(tx: TransactionContext, reference: string, lock?: boolean): Promise<ReferenceHolder | null>;
  /** Records a matched transfer; false when its bank transaction id was matched before (nothing written). */
  abstract recordTransfer(tx: TransactionContext, transfer: MatchedTransfer): Promise<boolean>;
}
