import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCodeUseCase } from '@mirrorline/otp';
import { normaliseEmail } from '../../../domain/email';
import { UserAccounts } from '@mirrorline/accounts';
import { CodeMailer } from '../../services/code-mailer';
import { CodeTryThrottle } from '../../services/code-try-throttle';

export const RESET_CODE_SENT = 'If this email belongs to an account, a password reset code has been sent.';

/** forgotpassword/sendotp: the same answer whether or not the email is known. */
@Injectable()
export class SendPasswordResetCodeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly issueCode: IssueOneTimeCodeUseCase,
    private readonly mail: CodeMailer,
    private readonly tries: CodeTryThrottle,
  ) {}

  async execute(command: { email: string }): Promise<{ message: string }> {
    const email = normaliseEmail(command.email);
    const issued = await this.uow.run(async (tx) => {
      await this.tries.begin(tx, email, 'password_reset');
      const account = await this.accounts.findByEmail(tx, email);
      if (!account || account.blocked) {
        await this.tries.codeWithheld(tx, email, 'password_reset');
        return null;
      }
      const code = await this.issueCode.execute(tx, { userId: account.id, purpose: 'password_reset' });
      if (code) await this.tries.codeIssued(tx, email, 'password_reset');
      return code;
    });
    // After the commit and without waiting: the answer takes as long whether or not a mail goes out.
    if (issued) this.mail.passwordResetCode(email, issued.code);
    return { message: RESET_CODE_SENT };
  }
}
