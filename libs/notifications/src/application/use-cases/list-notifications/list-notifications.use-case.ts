import { Injectable } from '@nestjs/common';
import { NotificationInbox } from '../../ports/notifications';

export interface ListNotificationsCommand {
  userId: string;
  page: number;
  limit: number;
  unreadOnly: boolean;
}

@Injectable()
export class ListNotificationsUseCase {
  constructor(private readonly inbox: NotificationInbox) {}

  execute(command: ListNotificationsCommand) {
    return this.inbox.list(command.userId, { page: command.page, limit: command.limit }, command.unreadOnly);
  }
}
