import type { StoredCents } from '@mirrorline/shared';

/** Port: the balances shown in UserInfo, read from the ledger's data. */
export abstract class UserBalances {
  abstract of(userId: string): Promise<{ cash: StoredCents; copyEquity: StoredCents }>;
}
