import type { TransactionContext } from '@mirrorline/shared';

/**
 * Port: timestamps of events (wrong code tries, code requests) per key, inside the caller's
 * transaction, so that a counted try commits with the verification that counted it.
 */
export abstract class CodeTryLog {
  /** Serialises everything done under this key until the transaction ends. */
  abstract lock(tx: TransactionContext, key: string): Promise<void>;
  /** Event times after `since`, most recent first (at most 50). */
  abstract since(tx: TransactionContext, key: string, since: Date): Promise<Date[]>;
  abstract record(tx: TransactionContext, key: string, at: Date): Promise<void>;
  abstract clear(tx: TransactionContext, key: string): Promise<void>;
}
