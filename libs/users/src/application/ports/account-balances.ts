import type { TransactionContext } from '@mirrorline/shared';
import type { Balances } from '../../domain/user-account';

/** Read side of the ledger for the users context: balances of many users at once (lists, profiles). */
export abstract class AccountBalances {
  abstract of(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, Balances>>;
}
