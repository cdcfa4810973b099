import { Module } from '@nestjs/common';
import { NotificationInbox, Notifications } from './application/ports/notifications';
import { SqlNotifications } from './adapters/persistence/sql-notifications';
import { MikroOrmNotificationInbox } from './adapters/persistence/mikro-orm-notification-inbox';
import { NotificationEntity } from './adapters/persistence/notification.entity';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { NotificationsController } from './adapters/http/notifications.controller';
import { SecurityInbox } from '@mirrorline/auth';
import { NotificationsSecurityInbox } from './adapters/auth/notifications-security-inbox';
import { ListNotificationsUseCase } from './application/use-cases/list-notifications/list-notifications.use-case';
import { MarkNotificationReadUseCase } from './application/use-cases/mark-notification-read/mark-notification-read.use-case';

/** Binds Notifications and auth's SecurityInbox (re-exported by apps/api's composition root). */
@Module({
  imports: [MikroOrmModule.forFeature([NotificationEntity])],
  controllers: [NotificationsController],
  providers: [
    { provide: Notifications, useClass: SqlNotifications },
    { provide: NotificationInbox, useClass: MikroOrmNotificationInbox },
    { provide: SecurityInbox, useClass: NotificationsSecurityInbox },
    ListNotificationsUseCase,
    MarkNotificationReadUseCase,
  ],
  exports: [Notifications, SecurityInbox],
})
export class NotificationsModule {}
