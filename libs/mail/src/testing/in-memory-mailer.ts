import { Mailer, type OutgoingMail } from '../application/ports/mailer';

/** Keeps every mail in memory; specs read the code a user received from here. */
export class InMemoryMailer extends Mailer {
  readonly sent: OutgoingMail[] = [];

  async send(mail: OutgoingMail): Promise<void> {
    this.sent.push({ ...mail });
  }

  /** Mails sent to this address, oldest first. */
  to(address: string): OutgoingMail[] {
    return this.sent.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  }

  /** The 6-digit code of the latest mail to this address (throws when there is none). */
  lastCodeFor(address: string): string {
    const mails = this.to(address);
    const code = mails.length ? /\b(\d{6})\b/.exec(mails[mails.length - 1].text)?.[1] : undefined;
    if (!code) throw new Error(`No code was mailed to ${address}`);
    return code;
  }

  clear(): void {
    this.sent.length = 0;
  }
}

/**
 * Redirects a running app's Mailer instance into an InMemoryMailer (e2e specs: `captureMails(app.get(Mailer))`).
 * The app keeps its real adapter wiring; only this test process sees the outbox.
 */
export function captureMails(mailer: Mailer): InMemoryMailer {
  const outbox = new InMemoryMailer();
  mailer.send = (mail: OutgoingMail) => outbox.send(mail);
  return outbox;
}
