import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppConfigModule, type AppConfig } from '@mirrorline/shared';
import { AuthModule } from '@mirrorline/auth';
import { UsersModule } from '@mirrorline/users';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { FEATURE_MODULES } from './feature-modules';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            // Every line logged during a request carries its id (nestjs-pino binds it per request).
            genReqId: (req: IncomingMessage, res: ServerResponse) => {
              const incoming = req.headers['x-request-id'];
              const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            customProps: (req: IncomingMessage) => ({ requestId: (req as IncomingMessage & { id?: string }).id }),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.otp'],
              censor: '[redacted]',
            },
            serializers: {
              req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url }),
            },
            autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
          },
        }),
        DatabaseModule.forRoot(databaseUrl),
        HealthModule,
        UsersModule,
        AuthModule,
        ...FEATURE_MODULES(config),
      ],
    };
  }
}
