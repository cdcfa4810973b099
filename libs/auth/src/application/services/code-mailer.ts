import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '@mirrorline/mail';

/**
 * The mails carrying one-time codes. A failed send is logged, not thrown: the account change is
 * already committed and the user can ask for a new code.
 */
@Injectable()
export class CodeMailer {
  private readonly logger = new Logger('CodeMailer');

  constructor(private readonly mailer: Mailer) {}

  verificationCode(to: string, code: string): Promise<void> {
    return this.send(to, 'Your Mirrorline verification code', `Your Mirrorline verification code is ${code}.\nIt expires in 10 minutes. If you did not sign up, ignore this email.`);
  }

  passwordResetCode(to: string, code: string): Promise<void> {
    return this.send(to, 'Your Mirrorline password reset code', `Your Mirrorline password reset code is ${code}.\nIt expires in 10 minutes. If you did not ask to reset your password, ignore this email.`);
  }

  private async send(to: string, subject: string, text: string): Promise<void> {
    try {
      await this.mailer.send({ to, subject, text });
    } catch (error) {
      this.logger.error({ err: error, to }, 'Could not send mail');
    }
  }
}
