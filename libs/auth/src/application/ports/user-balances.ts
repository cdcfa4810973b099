import type { StoredCents } from '@mirrorline/shared';

/** Port: the balances shown in UserInfo (and GET user/get's held funds), read from the ledger's data. */
export abstract class UserBalances {
  abstract of(userId: string): Promise<{ cash: StoredCents; held: StoredCents; copyEquity: StoredCents }>;
}
