import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { createHmac } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { OneTimeCodeRepository, OtpPepper } from './application/ports/one-time-code.repository';
import { MikroOrmOneTimeCodeRepository } from './adapters/persistence/mikro-orm-one-time-code.repository';
import { OneTimeCodeEntity } from './adapters/persistence/one-time-code.entity';
import { IssueOneTimeCodeUseCase } from './application/use-cases/issue-one-time-code/issue-one-time-code.use-case';
import { VerifyOneTimeCodeUseCase } from './application/use-cases/verify-one-time-code/verify-one-time-code.use-case';

@Module({
  imports: [MikroOrmModule.forFeature([OneTimeCodeEntity])],
  providers: [
    { provide: OneTimeCodeRepository, useClass: MikroOrmOneTimeCodeRepository },
    {
      provide: OtpPepper,
      inject: [APP_CONFIG],
      // A key of its own, derived from a configured secret: rotating that secret invalidates live codes, nothing worse.
      useFactory: (config: AppConfig): OtpPepper => ({ value: createHmac('sha256', config.jwtRefreshSecret).update('mirrorline/otp-pepper').digest('hex') }),
    },
    IssueOneTimeCodeUseCase,
    VerifyOneTimeCodeUseCase,
  ],
  exports: [IssueOneTimeCodeUseCase, VerifyOneTimeCodeUseCase],
})
export class OtpModule {}
