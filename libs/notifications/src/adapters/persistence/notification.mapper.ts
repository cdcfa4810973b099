import type { Notification } from '../../domain/notification';
import type { NotificationEntity } from './notification.entity';

/** Entity → the inbox's notification (the API's shape: read flag, ISO time). */
export const notificationMapper = {
  toNotification(entity: NotificationEntity): Notification {
    return {
      id: String(entity.id),
      type: entity.type,
      title: entity.title,
      body: entity.body,
      data: entity.data ?? null,
      read: entity.readAt !== null && entity.readAt !== undefined,
      createdAt: new Date(entity.createdAt).toISOString(),
    };
  },
};
