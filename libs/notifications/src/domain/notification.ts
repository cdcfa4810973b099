import { DomainError } from '@mirrorline/shared';

export interface Notification {
  id: string;
  type: string;
  title: string;
  body: string;
  data: Record<string, unknown> | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationInput {
  userId: string;
  type: string;
  title: string;
  body?: string;
  data?: Record<string, unknown>;
}

export const notificationErrors = {
  notFound: () => new DomainError('NOTIFICATION.NOT_FOUND', 'Notification not found', 'not_found'),
};
