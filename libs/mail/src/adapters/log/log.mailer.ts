import { Logger } from '@nestjs/common';
import { Mailer, type OutgoingMail } from '../../application/ports/mailer';

/**
 * Dev default when SMTP_URL is unset: the mail (code included) goes to the application log, so a
 * developer can sign up without a mail server. Never selected when SMTP_URL is set.
 */
export class LogMailer extends Mailer {
  private readonly logger = new Logger('Mail');

  async send(mail: OutgoingMail): Promise<void> {
    this.logger.log({ mail: { to: mail.to, subject: mail.subject, body: mail.text } }, `Mail to ${mail.to} (SMTP_URL unset, not sent)`);
  }
}
