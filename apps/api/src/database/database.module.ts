import { DynamicModule, Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Clock, DatabaseNotifications, SystemClock, UnitOfWork, UserReadCache, type AppConfig } from '@mirrorline/shared';
import { DATABASE_URL, MikroOrmUnitOfWork, PgNotifications } from '@mirrorline/shared/nest';
import { mikroOrmOptions, poolTimeouts } from './mikro-orm.options';
import { PgDatabaseNotifications } from './pg-database-notifications';
import { DatabaseMonitor } from './database-monitor';
import { ConnectionGate } from './connection-gate';
import { DatabaseAnswers } from './database-answers';

/**
 * MikroORM on PostgreSQL plus what every context shares: UnitOfWork, Clock, PgNotifications (the LISTEN
 * connection of the market feed and live events) and DatabaseNotifications (the LISTEN connection the
 * caches are invalidated through; it also tells them when notifications may have been missed).
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string, config?: Pick<AppConfig, 'dbStatementTimeoutMs' | 'dbAcquireTimeoutMs' | 'dbPoolSize'>): DynamicModule {
    const answers = new DatabaseAnswers();
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRoot({
          ...mikroOrmOptions(databaseUrl, config ? poolTimeouts(config, answers) : {}),
          autoLoadEntities: true,
          // Each request's context is opened by lazyRequestContext (configure-app.ts): it forks on first use only.
          registerRequestContext: false,
        }),
      ],
      providers: [
        { provide: UnitOfWork, useClass: MikroOrmUnitOfWork },
        { provide: Clock, useClass: SystemClock },
        { provide: DATABASE_URL, useValue: databaseUrl },
        PgNotifications,
        { provide: DatabaseNotifications, useFactory: () => new PgDatabaseNotifications(databaseUrl) },
        { provide: DatabaseAnswers, useValue: answers },
        ConnectionGate,
        DatabaseMonitor,
        { provide: UserReadCache, useFactory: (notifications: DatabaseNotifications) => new UserReadCache(notifications), inject: [DatabaseNotifications] },
      ],
      exports: [UnitOfWork, Clock, DATABASE_URL, PgNotifications, DatabaseNotifications, DatabaseMonitor, ConnectionGate, UserReadCache],
    };
  }
}
