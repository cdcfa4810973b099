import { Controller, Get, HttpCode, Inject, Logger, Post, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import { APP_CONFIG, outsideRequest, type AppConfig } from '@mirrorline/shared';
import { Public } from '@mirrorline/auth';
import { Drain } from '../http/drain';
import { DatabaseMonitor } from '../database/database-monitor';
import { uploadDirProblem } from '../config/upload-dir';

/** The upload folder is probed (a file written and removed) at most this often, however often health is asked. */
const UPLOADS_PROBE_MS = 1_000;

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
    private readonly indicators: HealthIndicatorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly logger = new Logger('Health');
  private probe: { at: number; problem: Promise<string | null> } | null = null;
  private lastProblem: string | null = null;

  /** UPLOAD_DIR can take an upload (product.md §11.5); the path and the reason go to the log, not to the public. */
  private async uploads(): Promise<HealthIndicatorResult> {
    const now = Date.now();
    if (!this.probe || now - this.probe.at >= UPLOADS_PROBE_MS) this.probe = { at: now, problem: uploadDirProblem(this.config.uploadDir) };
    const problem = await this.probe.problem;
    if (problem !== this.lastProblem) {
      if (problem) this.logger.warn(`UPLOAD_DIR is not usable: ${problem}; uploads answer 503 until it is fixed`);
      else if (this.lastProblem) this.logger.log('UPLOAD_DIR is usable again');
      this.lastProblem = problem;
    }
    const indicator = this.indicators.check('uploads');
    return problem ? indicator.down() : indicator.up();
  }

  /**
   * Liveness (the process answers) and readiness (the database answers a query). 503 when not ready:
   * "Not ready: draining" once SIGTERM has started the graceful drain (take the instance out of rotation),
   * "Not ready: database down" while the database does not answer (at once when the monitor knows it),
   * "Not ready: uploads down" while UPLOAD_DIR cannot be written (its path and reason are in the log).
   */
  @Public()
  @Get('health')
  @HealthCheck()
  @ApiServiceUnavailableResponse({ schema: { example: { statusCode: 503, message: 'Not ready: database down', code: 'SERVICE_UNAVAILABLE' } } })
  @ApiOperation({ summary: 'Liveness and readiness', description: 'Answers 200 when the process and its database answer and UPLOAD_DIR can be written; 503 SERVICE_UNAVAILABLE while draining after SIGTERM, while the database is down, or while the upload folder is unusable (take the instance out of rotation).' })
  async check(): Promise<HealthCheckResult> {
    if (this.drain.draining) throw new ServiceUnavailableException('Not ready: draining');
    if (!this.monitor.available) throw new ServiceUnavailableException('Not ready: database down');
    try {
      // The ping takes a connection kept for the workers (outsideRequest): an overload never makes health look dead.
      const ping = () => outsideRequest(() => this.database.pingCheck('database', { timeout: 1500 }));
      return await this.health.check([ping, () => this.uploads()]);
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
