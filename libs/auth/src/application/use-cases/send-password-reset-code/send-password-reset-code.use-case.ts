import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@mirrorline/shared';
import { IssueOneTimeCode } from '@mirrorline/otp';
import { normaliseEmail } from '../../../domain/email';
import { UserAccounts } from '../../ports/user-accounts';
import { CodeMailer } from '../../services/code-mailer';

export const RESET_CODE_SENT = 'If this email belongs to an account, a password reset code has been sent.';

/** forgotpassword/sendotp: the same answer whether or not the email is known. */
@Injectable()
export class SendPasswordResetCode {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly issueCode: IssueOneTimeCode,
    private readonly mail: CodeMailer,
  ) {}

  async execute(command: { email: string }): Promise<{ message: string }> {
    const email = normaliseEmail(command.email);
    const issued = await this.uow.run(async (tx) => {
      const account = await this.accounts.findByEmail(tx, email);
      if (!account || account.blocked) return null;
      return this.issueCode.execute(tx, { userId: account.id, purpose: 'password_reset' });
    });
    if (issued) await this.mail.passwordResetCode(email, issued.code);
    return { message: RESET_CODE_SENT };
  }
}
