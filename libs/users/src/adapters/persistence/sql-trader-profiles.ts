import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, type TransactionContext } from '@mirrorline/shared';
import { TraderProfiles } from '../../application/ports/trader-profiles';
import { executorOf, tableExists } from './sql-executor';

/**
 * SQL adapter over the copy-trading context's `trader_profiles` table (id = traderID). The module
 * binds CopyTradingTraderProfiles (profiles created by copy trading); this class serves its batch
 * reads and is a stand-alone fallback when the copy-trading module is not loaded.
 */
@Injectable()
export class SqlTraderProfiles extends TraderProfiles {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ensureProfile(tx: TransactionContext, userId: string): Promise<number> {
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'trader_profiles'))) {
      throw new DomainError('USERS.TRADER_PROFILES_UNAVAILABLE', 'Trader profiles are not available yet', 'conflict');
    }
    // The profile starts with the username as its public name; the trader edits it later (PATCH traders/me).
    await em.execute(
      `INSERT INTO trader_profiles (user_id, name)
       SELECT id, username FROM users WHERE id = ?
       ON CONFLICT (user_id) DO NOTHING`,
      [userId],
    );
    const [row] = await em.execute<Array<{ id: number }>>('SELECT id FROM trader_profiles WHERE user_id = ?', [userId]);
    return Number(row.id);
  }

  async traderIdsOf(tx: TransactionContext | null, userIds: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!userIds.length) return result;
    const em = executorOf(this.em, tx);
    if (!(await tableExists(em, 'trader_profiles'))) return result;
    const rows = await em.execute<Array<{ id: number; user_id: string }>>(
      'SELECT id, user_id FROM trader_profiles WHERE user_id = ANY(?::uuid[])',
      [`{${userIds.join(',')}}`],
    );
    for (const row of rows) result.set(row.user_id, Number(row.id));
    return result;
  }
}
