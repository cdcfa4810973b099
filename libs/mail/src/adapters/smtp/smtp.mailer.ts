import { createTransport, type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { Mailer, type OutgoingMail } from '../../application/ports/mailer';

export interface SmtpTimeouts {
  /** ms to open the TCP (or TLS) connection */
  connectionTimeout: number;
  /** ms to wait for the server's greeting once connected */
  greetingTimeout: number;
  /** ms of inactivity on an open connection */
  socketTimeout: number;
}

/**
 * nodemailer's own defaults are 2 minutes, 30 seconds and 10 minutes: a mail server that accepts the
 * connection and then stalls would keep a send (and whatever waits for it) alive for minutes.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Real mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export class SmtpMailer extends Mailer {
  private readonly transport: Transporter;

  /** Query parameters of SMTP_URL (e.g. ?socketTimeout=60000) still override the timeouts, as nodemailer allows. */
  constructor(smtpUrl: string, private readonly from: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS) {
    super();
    this.transport = createTransport({ ...timeouts, ...parseConnectionUrl(smtpUrl) });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  close(): void {
    this.transport.close();
  }
}
