import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { TraderProfiles, type TraderProfilePatch } from '../../application/ports/trader-profiles';

const COLUMNS: Record<keyof TraderProfilePatch, string> = {
  name: 'name',
  description: 'description',
  traderType: 'trader_type',
  strategySummary: 'strategy_summary',
  strategyExplanation: 'strategy_explanation',
  image: 'image',
  share: 'share_pct',
  maxCopiers: 'max_copiers',
  minCopyAmount: 'min_copy_amount',
};

@Injectable()
export class SqlTraderProfiles extends TraderProfiles {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ensureProfile(tx: TransactionContext, userId: string): Promise<number> {
    const em = emOf(tx);
    await em.execute(
      `INSERT INTO trader_profiles (user_id, name, description)
       SELECT id, left(firstname || ' ' || lastname, 80), 'Trader on Mirrorline.' FROM user_directory WHERE id = ?
       ON CONFLICT (user_id) DO NOTHING`,
      [userId],
    );
    const id = await this.traderIdOfUser(tx, userId);
    if (id === null) throw new Error(`user ${userId} does not exist`);
    return id;
  }

  async traderIdOfUser(tx: TransactionContext | null, userId: string): Promise<number | null> {
    const sql = 'SELECT id FROM trader_profiles WHERE user_id = ?';
    const rows = tx ? await emOf(tx).execute<{ id: number }[]>(sql, [userId]) : await this.em.getConnection().execute<{ id: number }[]>(sql, [userId]);
    return rows.length ? Number(rows[0].id) : null;
  }

  async exists(tx: TransactionContext | null, traderId: number): Promise<boolean> {
    const sql = 'SELECT 1 FROM trader_profiles WHERE id = ?';
    const rows = tx ? await emOf(tx).execute(sql, [traderId]) : await this.em.getConnection().execute(sql, [traderId]);
    return rows.length > 0;
  }

  async update(tx: TransactionContext, traderId: number, patch: TraderProfilePatch): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [key, column] of Object.entries(COLUMNS) as Array<[keyof TraderProfilePatch, string]>) {
      if (patch[key] === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(patch[key]);
    }
    if (!sets.length) return;
    params.push(traderId);
    await emOf(tx).execute(`UPDATE trader_profiles SET ${sets.join(', ')}, updated_at = now() WHERE id = ?`, params);
  }
}
