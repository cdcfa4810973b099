import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig } from '@mirrorline/shared';
import { AppConfigModule } from '@mirrorline/shared/nest';
import { AuthModule } from '@mirrorline/auth';
import { AccountsModule } from '@mirrorline/accounts';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { FEATURE_MODULES } from './feature-modules';
import { CompositionRootModule } from './composition-root.module';
import type { HttpLogger } from './http/request-logging';

@Module({})
export class AppModule {
  /** `httpLogger` is the access-log middleware that configureApp mounts first (bootstrap.ts creates it). */
  static forRoot(config: AppConfig, databaseUrl: string, httpLogger: HttpLogger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        // The access-log middleware runs first of all and binds nestjs-pino's per-request logger itself
        // (configure-app.ts, request-logging.ts); nestjs-pino mounts no middleware of its own here.
        LoggerModule.forRoot({
          forRoutes: [],
          pinoHttp: { logger: httpLogger.logger },
          useExisting: true,
        }),
        DatabaseModule.forRoot(databaseUrl, config),
        HealthModule,
        AccountsModule,
        // The cross-context ports, bound in one place (docs/architecture.md "Wiring").
        CompositionRootModule.forRoot(config),
        AuthModule,
        ...FEATURE_MODULES(config),
      ],
    };
  }
}
