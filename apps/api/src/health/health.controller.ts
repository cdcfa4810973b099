import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '@mirrorline/auth';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
  ) {}

  /** Liveness (the process answers) and readiness (the database answers a query). 503 when not ready. */
  @Public()
  @Get('health')
  @HealthCheck()
  check() {
    return this.health.check([() => this.database.pingCheck('database', { timeout: 1500 })]);
  }

  @Public()
  @Post('wakeup')
  @HttpCode(200)
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  wakeup(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
