import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { otpFailure, VerifyOneTimeCodeUseCase } from '@mirrorline/otp';
import { normaliseEmail } from '../../../domain/email';
import { UserAccounts } from '../../ports/user-accounts';
import { CodeTryThrottle } from '../../services/code-try-throttle';

@Injectable()
export class VerifyEmailUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly verifyCode: VerifyOneTimeCodeUseCase,
    private readonly tries: CodeTryThrottle,
  ) {}

  async execute(command: { email: string; otp: string }): Promise<{ message: string }> {
    const email = normaliseEmail(command.email);
    // The counted attempt must commit even when the code is wrong: decide inside, throw after.
    const outcome = await this.uow.run(async (tx) => {
      // Counted per email whether or not it has an account: unknown emails reach 429 like known ones.
      const refused = await this.tries.begin(tx, email, 'email_verification');
      if (refused) return refused;
      const account = await this.accounts.findByEmail(tx, email);
      const result = await this.verifyCode.execute(tx, { userId: account?.id ?? null, purpose: 'email_verification', code: command.otp });
      if (result.kind === 'verified' && account) await this.accounts.markEmailVerified(tx, account.id);
      await this.tries.settle(tx, email, 'email_verification', result);
      return result;
    });
    if (outcome.kind !== 'verified') throw otpFailure(outcome);
    return { message: 'Your email has been verified' };
  }
}
