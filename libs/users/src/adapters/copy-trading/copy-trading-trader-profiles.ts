import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TransactionContext } from '@mirrorline/shared';
import { TraderProfiles as CopyTradingProfiles } from '@mirrorline/copy-trading';
import { TraderProfiles } from '../../application/ports/trader-profiles';
import { SqlTraderProfiles } from '../persistence/sql-trader-profiles';

/**
 * Profiles are created by the copy-trading context (its defaults, its rules); the batch read of
 * traderIDs for a page of users stays one query here.
 */
@Injectable()
export class CopyTradingTraderProfiles extends TraderProfiles {
  private readonly reads: SqlTraderProfiles;

  constructor(
    private readonly profiles: CopyTradingProfiles,
    em: EntityManager,
  ) {
    super();
    this.reads = new SqlTraderProfiles(em);
  }

  ensureProfile(tx: TransactionContext, userId: string): Promise<number> {
    return this.profiles.ensureProfile(tx, userId);
  }

  traderIdsOf(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, number>> {
    return this.reads.traderIdsOf(tx, userIds);
  }
}
