export * from './domain/live-event';
export * from './application/ports/live-events';
export { EventsHub } from './adapters/http/events-hub';
export { EventsModule } from './events.module';
