export * from './domain/notification';
export * from './application/ports/notifications';
export * from './notifications.module';
