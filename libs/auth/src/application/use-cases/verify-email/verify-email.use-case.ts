import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { otpFailure, VerifyOneTimeCodeUseCase } from '@mirrorline/otp';
import { normaliseEmail } from '../../../domain/email';
import { UserAccounts, type AccountRecord } from '@mirrorline/accounts';
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
    const { message } = await this.verify(command);
    return { message };
  }

  /** As execute, and the account whose email was verified (emailVerified true), for the sign-in that follows. */
  async verify(command: { email: string; otp: string }): Promise<{ message: string; account: AccountRecord | null }> {
    const email = normaliseEmail(command.email);
    // The counted attempt must commit even when the code is wrong: decide inside, throw after.
    const outcome = await this.uow.run(async (tx) => {
      // Counted per email whether or not it has an account: unknown emails reach 429 like known ones.
      const refused = await this.tries.begin(tx, email, 'email_verification');
      if (refused) return { result: refused, account: null };
      const account = await this.accounts.findByEmail(tx, email);
      const result = await this.verifyCode.execute(tx, { userId: account?.id ?? null, purpose: 'email_verification', code: command.otp });
      if (result.kind === 'verified' && account) await this.accounts.markEmailVerified(tx, account.id);
      await this.tries.settle(tx, email, 'email_verification', result);
      return { result, account };
    });
    if (outcome.result.kind !== 'verified') throw otpFailure(outcome.result);
    return { message: 'Your email has been verified', account: outcome.account ? { ...outcome.account, emailVerified: true } : null };
  }
}
