import type { TransactionContext } from '@mirrorline/shared';

/** Ends every session (refresh-token family) of a user: used when blocking and deleting. */
export abstract class SessionRevoker {
  abstract revokeAll(tx: TransactionContext, userId: string): Promise<void>;
}
