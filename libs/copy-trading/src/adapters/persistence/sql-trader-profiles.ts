import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { TraderProfiles, type TraderProfilePatch } from '../../application/ports/trader-profiles';
import { traderProfilesQueries } from './trader-profiles.queries';

@Injectable()
export class SqlTraderProfiles extends TraderProfiles {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ensureProfile(tx: TransactionContext, userId: string): Promise<number> {
    await runSql(emOf(tx), traderProfilesQueries.ensureProfile(userId));
    const id = await this.traderIdOfUser(tx, userId);
    if (id === null) throw new Error(`user ${userId} does not exist`);
    return id;
  }

  async traderIdOfUser(tx: TransactionContext | null, userId: string): Promise<number | null> {
    const rows = await runSql(tx ? emOf(tx) : this.em.getConnection(), traderProfilesQueries.traderIdOfUser(userId));
    return rows.length ? Number(rows[0].id) : null;
  }

  async exists(tx: TransactionContext | null, traderId: number): Promise<boolean> {
    const rows = await runSql(tx ? emOf(tx) : this.em.getConnection(), traderProfilesQueries.exists(traderId));
    return rows.length > 0;
  }

  async update(tx: TransactionContext, traderId: number, patch: TraderProfilePatch): Promise<void> {
    if (Object.values(patch).every((value) => value === undefined)) return;
    await runSql(emOf(tx), traderProfilesQueries.update(traderId, patch));
  }
}
