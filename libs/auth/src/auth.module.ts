import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { UsersModule } from '@mirrorline/users';
import { AccessTokenGuard } from './adapters/http/access-token.guard';
import { ActiveUserCheck } from './application/active-user-check';
import { MikroOrmActiveUserCheck } from './adapters/persistence/mikro-orm-active-user-check';

@Module({
  imports: [JwtModule.register({}), UsersModule],
  providers: [
    { provide: ActiveUserCheck, useClass: MikroOrmActiveUserCheck },
    { provide: APP_GUARD, useClass: AccessTokenGuard },
  ],
  exports: [JwtModule, ActiveUserCheck],
})
export class AuthModule {}
