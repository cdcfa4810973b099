export * from './domain/live-event';
export * from './application/ports/live-events';
