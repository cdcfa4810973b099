import { Module } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { OneTimeCodeRepository, OtpPepper } from './application/ports/one-time-code.repository';
import { SqlOneTimeCodeRepository } from './adapters/persistence/sql-one-time-code.repository';
import { IssueOneTimeCodeUseCase } from './application/use-cases/issue-one-time-code/issue-one-time-code.use-case';
import { VerifyOneTimeCodeUseCase } from './application/use-cases/verify-one-time-code/verify-one-time-code.use-case';

@Module({
  providers: [
    { provide: OneTimeCodeRepository, useClass: SqlOneTimeCodeRepository },
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
