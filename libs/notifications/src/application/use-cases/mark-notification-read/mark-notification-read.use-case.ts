import { Injectable } from '@nestjs/common';
import { notificationErrors } from '../../../domain/notification';
import { NotificationInbox } from '../../ports/notifications';

export interface MarkNotificationReadCommand {
  userId: string;
  /** a notification id, or 'all' */
  id: string;
}

@Injectable()
export class MarkNotificationReadUseCase {
  constructor(private readonly inbox: NotificationInbox) {}

  async execute(command: MarkNotificationReadCommand): Promise<{ updated: number }> {
    if (command.id === 'all') return { updated: await this.inbox.markAllRead(command.userId) };
    // Someone else's notification looks exactly like a missing one.
    if (!(await this.inbox.markRead(command.userId, command.id))) throw notificationErrors.notFound();
    return { updated: 1 };
  }
}
