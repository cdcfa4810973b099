export * from './domain/live-event';
export * from './application/ports/live-events';
export { EventsModule } from './events.module';
