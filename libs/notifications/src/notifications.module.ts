import { Global, Module } from '@nestjs/common';
import { NotificationInbox, Notifications } from './application/ports/notifications';
import { SqlNotificationInbox, SqlNotifications } from './adapters/persistence/sql-notifications';
import { NotificationsController } from './adapters/http/notifications.controller';
import { SecurityInbox } from '@mirrorline/auth';
import { NotificationsSecurityInbox } from './adapters/auth/notifications-security-inbox';
import { ListNotificationsUseCase } from './application/use-cases/list-notifications/list-notifications.use-case';
import { MarkNotificationReadUseCase } from './application/use-cases/mark-notification-read/mark-notification-read.use-case';

/** Global so that any context can raise notifications without importing this module. */
@Global()
@Module({
  controllers: [NotificationsController],
  providers: [
    { provide: Notifications, useClass: SqlNotifications },
    { provide: NotificationInbox, useClass: SqlNotificationInbox },
    { provide: SecurityInbox, useClass: NotificationsSecurityInbox },
    ListNotificationsUseCase,
    MarkNotificationReadUseCase,
  ],
  exports: [Notifications, SecurityInbox],
})
export class NotificationsModule {}
