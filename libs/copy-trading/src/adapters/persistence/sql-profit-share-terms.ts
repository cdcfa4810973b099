import { Injectable } from '@nestjs/common';
import { runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import { ProfitShareTerms } from '../../application/ports/profit-share-terms';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

@Injectable()
export class SqlProfitShareTerms extends ProfitShareTerms {
  constructor(private readonly notifications: Notifications) {
    super();
  }

  notifyChange(tx: TransactionContext, traderId: number, share: number): Promise<number> {
    return this.notifications.notifyFromSelect(
      tx,
      sql`SELECT c.follower_id, 'profit_share_changed', tp.name || ' changed their profit share to ' || ${share}::text || ' %',
                 'Your copy keeps its profit share of ' || c.share_pct || ' %. The new share applies to new copies; you may accept it for yours.',
                 jsonb_build_object('copyId', c.id, 'traderId', tp.id, 'trader', tp.name, 'share', c.share_pct, 'newShare', ${share}::int)
            FROM copies c JOIN trader_profiles tp ON tp.id = c.trader_id
           WHERE c.trader_id = ${traderId} AND c.status <> 'stopped' AND c.share_pct <> ${share}`,
    );
  }

  async accept(tx: TransactionContext, followerId: string, copyId: string): Promise<{ share: number; previous: number } | null> {
    if (!isUuid(copyId)) return null;
    const [row] = await runSql(
      emOf(tx),
      sql<{ share: number; previous: number }>`WITH old AS (SELECT id, share_pct FROM copies WHERE id = ${copyId} AND follower_id = ${followerId} AND status <> 'stopped' FOR UPDATE)
                                               UPDATE copies c SET share_pct = tp.share_pct, updated_at = now()
                                                 FROM old, trader_profiles tp WHERE c.id = old.id AND tp.id = c.trader_id
                                               RETURNING c.share_pct AS share, old.share_pct AS previous`,
    );
    return row ? { share: Number(row.share), previous: Number(row.previous) } : null;
  }
}
