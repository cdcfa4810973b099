import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type OutgoingMail } from '../../application/ports/mailer';

/** Real mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export class SmtpMailer extends Mailer {
  private readonly transport: Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  close(): void {
    this.transport.close();
  }
}
