import { Injectable } from '@nestjs/common';
import { SecurityInbox } from '@mirrorline/auth';
import type { TransactionContext } from '@mirrorline/shared';
import { Notifications } from '../../application/ports/notifications';

/** The auth context's security notices, as in-app notifications. */
@Injectable()
export class NotificationsSecurityInbox extends SecurityInbox {
  constructor(private readonly notifications: Notifications) {
    super();
  }

  async post(tx: TransactionContext, notice: { userId: string; type: string; title: string; body: string; data?: Record<string, unknown> }): Promise<void> {
    await this.notifications.notify(tx, [notice]);
  }
}
