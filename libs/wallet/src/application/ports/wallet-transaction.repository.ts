import type { Page, PageQuery, TransactionContext } from '@mirrorline/shared';
import type { WalletTransaction, WalletTransactionProps, WalletTransactionStatus, WalletTransactionType } from '../../domain/wallet-transaction';

export interface WalletTransactionFilter {
  userId?: string;
  status?: WalletTransactionStatus;
  type?: WalletTransactionType;
}

export abstract class WalletTransactionRepository {
  abstract insert(tx: TransactionContext, transaction: WalletTransaction): Promise<void>;
  /** Reads the row and locks it until the transaction ends (racing decisions queue here). */
  abstract lockById(tx: TransactionContext, id: string): Promise<WalletTransaction | null>;
  abstract saveDecision(tx: TransactionContext, transaction: WalletTransaction): Promise<void>;
  /** Newest first, with the owner's name for the admin screens. */
  abstract list(filter: WalletTransactionFilter, page: PageQuery): Promise<Page<WalletTransactionRecord>>;
}

/** Read model of a wallet transaction (list screens). */
export interface WalletTransactionRecord extends WalletTransactionProps {
  username: string;
  email: string;
}
