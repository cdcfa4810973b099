import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { Drain } from '../http/drain';
import { HealthController } from './health.controller';

@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [Drain],
  exports: [Drain],
})
export class HealthModule {}
