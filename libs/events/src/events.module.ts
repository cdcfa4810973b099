import { Module } from '@nestjs/common';
import { AuthModule } from '@mirrorline/auth';
import { LiveEvents } from './application/ports/live-events';
import { PgLiveEvents } from './adapters/persistence/pg-live-events';
import { EventsHub } from './adapters/http/events-hub';
import { EventsController } from './adapters/http/events.controller';

/** Live events (product.md §9.4): binds LiveEvents (re-exported by apps/api's composition root). */
@Module({
  // LiveCredentials: a stream ends with the credentials it was opened with.
  imports: [AuthModule],
  controllers: [EventsController],
  providers: [{ provide: LiveEvents, useClass: PgLiveEvents }, EventsHub],
  exports: [LiveEvents, EventsHub],
})
export class EventsModule {}
