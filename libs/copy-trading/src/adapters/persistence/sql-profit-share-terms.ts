import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import { ProfitShareTerms } from '../../application/ports/profit-share-terms';
import { profitShareChangedNotices } from '../../domain/copy-notices';
import { copiesQueries } from './copies.queries';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

@Injectable()
export class SqlProfitShareTerms extends ProfitShareTerms {
  constructor(private readonly notifications: Notifications) {
    super();
  }

  async notifyChange(tx: TransactionContext, traderId: number, share: number): Promise<number> {
    const holders = await runSql(emOf(tx), copiesQueries.shareHolders(traderId, share));
    if (!holders.length) return 0;
    const trader = { id: traderId, name: holders[0].name };
    await this.notifications.notify(
      tx,
      profitShareChangedNotices(trader, share, holders.map((h) => ({ followerId: h.follower_id, copyId: h.id, share: Number(h.share_pct) }))),
    );
    return holders.length;
  }

  async accept(tx: TransactionContext, followerId: string, copyId: string): Promise<{ share: number; previous: number } | null> {
    if (!isUuid(copyId)) return null;
    const [row] = await runSql(emOf(tx), copiesQueries.acceptShare(followerId, copyId));
    return row ? { share: Number(row.share), previous: Number(row.previous) } : null;
  }
}
