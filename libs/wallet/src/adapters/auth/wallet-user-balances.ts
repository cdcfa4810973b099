import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, storedCents, type StoredCents } from '@mirrorline/shared';
import { UserBalances } from '@mirrorline/auth';
import { walletQueries } from '../persistence/wallet.queries';

/**
 * Auth's UserBalances (the balances in UserInfo), answered by the wallet that owns the ledger: the
 * accounts' cached balances (docs/ledger.md): cash, held withdrawals, and Σ copy equity = tradingBalance.
 */
@Injectable()
export class WalletUserBalances extends UserBalances {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(userId: string): Promise<{ cash: StoredCents; held: StoredCents; copyEquity: StoredCents }> {
    const [row] = await runSql(this.em.getConnection(), walletQueries.balancesOfOwners([userId]));
    return { cash: storedCents(row?.cash), held: storedCents(row?.held), copyEquity: storedCents(row?.copy_equity) };
  }
}
