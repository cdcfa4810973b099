import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { afterCommit } from '@mirrorline/shared/nest';
import { Notifications } from '@mirrorline/notifications';
import type { Quote } from '../../domain/instrument';
import { alertNotice } from '../../domain/price-alert';
import { AlertStore, type SpentAlert } from '../ports/alert-store';
import { AlertMails } from './alert-mails';

/**
 * Spends the alerts some quotes cross and raises their notices in the caller's transaction: a `price_alert`
 * notification each (the bell; a `notification` event on events/stream at the commit), and, for those whose owner
 * asked, a pending mail that AlertMails sends after the commit.
 */
@Injectable()
export class AlertTrigger {
  constructor(
    private readonly store: AlertStore,
    private readonly notifications: Notifications,
    private readonly mails: AlertMails,
  ) {}

  async spend(tx: TransactionContext, quotes: readonly Quote[], onlyId?: string): Promise<SpentAlert[]> {
    const spent = await this.store.spendCrossed(tx, quotes, onlyId);
    if (!spent.length) return spent;
    await this.notifications.notify(
      tx,
      spent.map((a) => ({
        userId: a.userId,
        type: 'price_alert',
        ...alertNotice({ ...a, triggeredPrice: a.triggeredPrice! }),
        data: { alertId: a.id, symbol: a.symbol, direction: a.direction, price: a.price, triggeredPrice: a.triggeredPrice },
      })),
    );
    if (spent.some((a) => a.notifyByEmail)) afterCommit(tx, () => this.mails.kick());
    return spent;
  }
}
