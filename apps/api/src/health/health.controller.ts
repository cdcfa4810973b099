import { Controller, Get, HttpCode, Post, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, MikroOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import { Public } from '@mirrorline/auth';
import { Drain } from '../http/drain';
import { DatabaseMonitor } from '../database/database-monitor';

/** "Not ready: database down" from terminus' report, so that the 503 body says what is wrong. */
export function notReadyMessage(report: unknown): string {
  const failing = Object.keys((report as Partial<HealthCheckResult> | undefined)?.error ?? {});
  return failing.length ? `Not ready: ${failing.join(', ')} down` : 'Not ready';
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly drain: Drain,
    private readonly monitor: DatabaseMonitor,
  ) {}

  /**
   * Liveness (the process answers) and readiness (the database answers a query). 503 when not ready:
   * "Not ready: draining" once SIGTERM has started the graceful drain (take the instance out of rotation),
   * "Not ready: database down" while the database does not answer (at once when the monitor knows it).
   */
  @Public()
  @Get('health')
  @HealthCheck()
  @ApiServiceUnavailableResponse({ schema: { example: { statusCode: 503, message: 'Not ready: database down', code: 'SERVICE_UNAVAILABLE' } } })
  @ApiOperation({ summary: 'Liveness and readiness', description: 'Answers 200 when the process and its database answer; 503 SERVICE_UNAVAILABLE while draining after SIGTERM or while the database is down (take the instance out of rotation).' })
  async check(): Promise<HealthCheckResult> {
    if (this.drain.draining) throw new ServiceUnavailableException('Not ready: draining');
    if (!this.monitor.available) throw new ServiceUnavailableException('Not ready: database down');
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: 1500 })]);
    } catch (error) {
      if (error instanceof ServiceUnavailableException) throw new ServiceUnavailableException(notReadyMessage(error.getResponse()));
      throw error;
    }
  }

  @Public()
  @Post('wakeup')
  @HttpCode(200)
  @ApiOkResponse({ schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } })
  @ApiOperation({ summary: 'Wake the service', description: 'A cheap POST that a sleeping host (free tier) answers once it is up; no database work.' })
  wakeup(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
