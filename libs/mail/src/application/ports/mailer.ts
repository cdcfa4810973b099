export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Port: sends one email. Adapters: SmtpMailer (nodemailer), LogMailer (dev), InMemoryMailer (tests). */
export abstract class Mailer {
  abstract send(mail: OutgoingMail): Promise<void>;
}
