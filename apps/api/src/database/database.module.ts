import { DynamicModule, Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Clock, DatabaseNotifications, MikroOrmUnitOfWork, SystemClock, UnitOfWork } from '@mirrorline/shared';
import { mikroOrmOptions } from './mikro-orm.options';
import { PgDatabaseNotifications } from './pg-database-notifications';

/** MikroORM on PostgreSQL plus the ports every context shares: UnitOfWork, Clock and DatabaseNotifications (LISTEN). */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRoot({
          ...mikroOrmOptions(databaseUrl),
          autoLoadEntities: true,
          registerRequestContext: true,
        }),
      ],
      providers: [
        { provide: UnitOfWork, useClass: MikroOrmUnitOfWork },
        { provide: Clock, useClass: SystemClock },
        { provide: DatabaseNotifications, useFactory: () => new PgDatabaseNotifications(databaseUrl) },
      ],
      exports: [UnitOfWork, Clock, DatabaseNotifications],
    };
  }
}
