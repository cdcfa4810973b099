import { DynamicModule, Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Clock, MikroOrmUnitOfWork, SystemClock, UnitOfWork, type AppConfig } from '@mirrorline/shared';
import { mikroOrmOptions, poolTimeouts } from './mikro-orm.options';
import { DATABASE_URL, DatabaseMonitor } from './database-monitor';

/** MikroORM on PostgreSQL plus the ports every context shares: UnitOfWork and Clock. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string, config?: Pick<AppConfig, 'dbStatementTimeoutMs' | 'dbAcquireTimeoutMs'>): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRoot({
          ...mikroOrmOptions(databaseUrl, config ? poolTimeouts(config) : {}),
          autoLoadEntities: true,
          registerRequestContext: true,
        }),
      ],
      providers: [
        { provide: UnitOfWork, useClass: MikroOrmUnitOfWork },
        { provide: Clock, useClass: SystemClock },
        { provide: DATABASE_URL, useValue: databaseUrl },
        DatabaseMonitor,
      ],
      exports: [UnitOfWork, Clock, DatabaseMonitor],
    };
  }
}
