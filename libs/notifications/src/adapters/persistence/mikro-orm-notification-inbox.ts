import { Injectable } from '@nestjs/common';
import { raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, type Page, type PageQuery } from '@mirrorline/shared';
import { NotificationInbox } from '../../application/ports/notifications';
import type { Notification } from '../../domain/notification';
import { NotificationEntity } from './notification.entity';
import { notificationMapper } from './notification.mapper';

/** The user's inbox through MikroORM (entity NotificationEntity, mapper to the API's notification). */
@Injectable()
export class MikroOrmNotificationInbox extends NotificationInbox {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async list(userId: string, page: PageQuery, unreadOnly: boolean): Promise<Page<Notification> & { unread: number }> {
    const em = this.em.fork();
    const where = unreadOnly ? { userId, readAt: null } : { userId };
    const [[entities, total], unread] = await Promise.all([
      em.findAndCount(NotificationEntity, where, { orderBy: { id: 'DESC' }, limit: page.limit, offset: pageOffset(page), disableIdentityMap: true }),
      em.count(NotificationEntity, { userId, readAt: null }),
    ]);
    return { items: entities.map(notificationMapper.toNotification), total, unread, page: page.page, limit: page.limit };
  }

  async markRead(userId: string, id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const changed = await this.em.fork().nativeUpdate(NotificationEntity, { id, userId }, { readAt: raw('coalesce(read_at, now())') });
    return changed > 0;
  }

  async markAllRead(userId: string): Promise<number> {
    return this.em.fork().nativeUpdate(NotificationEntity, { userId, readAt: null }, { readAt: raw('now()') });
  }
}
