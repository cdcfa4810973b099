import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { otpFailure, VerifyOneTimeCode } from '@mirrorline/otp';
import { normaliseEmail } from '../../../domain/email';
import { UserAccounts } from '../../ports/user-accounts';

@Injectable()
export class VerifyEmail {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly verifyCode: VerifyOneTimeCode,
  ) {}

  async execute(command: { email: string; otp: string }): Promise<{ message: string }> {
    const email = normaliseEmail(command.email);
    // The counted attempt must commit even when the code is wrong: decide inside, throw after.
    const outcome = await this.uow.run(async (tx) => {
      const account = await this.accounts.findByEmail(tx, email);
      const result = await this.verifyCode.execute(tx, { userId: account?.id ?? null, purpose: 'email_verification', code: command.otp });
      if (result.kind === 'verified' && account) await this.accounts.markEmailVerified(tx, account.id);
      return result;
    });
    if (outcome.kind !== 'verified') throw otpFailure(outcome);
    return { message: 'Your email has been verified' };
  }
}
