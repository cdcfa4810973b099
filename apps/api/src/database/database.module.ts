import { DynamicModule, Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Clock, DATABASE_URL, MikroOrmUnitOfWork, PgNotifications, SystemClock, UnitOfWork } from '@mirrorline/shared';
import { mikroOrmOptions } from './mikro-orm.options';

/** MikroORM on PostgreSQL plus what every context shares: UnitOfWork, Clock and the one LISTEN connection. */
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
        { provide: DATABASE_URL, useValue: databaseUrl },
        PgNotifications,
      ],
      exports: [UnitOfWork, Clock, DATABASE_URL, PgNotifications],
    };
  }
}
