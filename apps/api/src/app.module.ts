import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { HttpLogger } from 'pino-http';
import { type AppConfig } from '@mirrorline/shared';
import { AppConfigModule } from '@mirrorline/shared/nest';
import { AuthModule } from '@mirrorline/auth';
import { UsersModule } from '@mirrorline/users';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { FEATURE_MODULES } from './feature-modules';

@Module({})
export class AppModule {
  /** `httpLogger` is the same pino-http instance that configureApp mounts first (bootstrap.ts creates it). */
  static forRoot(config: AppConfig, databaseUrl: string, httpLogger: HttpLogger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        // The pino-http middleware itself runs first of all (configure-app.ts); here nestjs-pino only binds
        // its per-request logger so that every line logged during a request carries the request id.
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: { logger: httpLogger.logger },
          useExisting: true,
        }),
        DatabaseModule.forRoot(databaseUrl, config),
        HealthModule,
        UsersModule,
        AuthModule,
        ...FEATURE_MODULES(config),
      ],
    };
  }
}
