import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { TraderProfiles as CopyTradingProfiles } from '@mirrorline/copy-trading';
import { copyTradingQueries } from '@mirrorline/copy-trading/sql';
import { TraderProfiles } from '../../application/ports/trader-profiles';
import { executorOf } from '@mirrorline/shared/nest';

/**
 * Profiles are created by the copy-trading context (its defaults, its rules); the batch read of
 * traderIDs for a page of users stays one query, copy trading's exported `traderIdsOf`.
 */
@Injectable()
export class CopyTradingTraderProfiles extends TraderProfiles {
  constructor(
    private readonly profiles: CopyTradingProfiles,
    private readonly em: EntityManager,
  ) {
    super();
  }

  ensureProfile(tx: TransactionContext, userId: string): Promise<number> {
    return this.profiles.ensureProfile(tx, userId);
  }

  async traderIdsOf(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!userIds.length) return result;
    const rows = await runSql(executorOf(this.em, tx), copyTradingQueries.traderIdsOf(userIds));
    for (const row of rows) result.set(row.user_id, Number(row.id));
    return result;
  }
}
