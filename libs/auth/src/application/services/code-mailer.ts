import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { Mailer, type OutgoingMail } from '@mirrorline/mail';

/** How long shutdown waits for mails still on their way (the SMTP timeouts normally end them sooner). */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * The mails carrying one-time codes. They are handed over after the account change is committed and
 * the request does not wait for them: a request for a known email must not take longer than one for
 * an unknown email (which sends nothing), and a slow or stuck mail server must not hold requests open.
 * A failed send is logged (recipient and subject, never the text: it holds the code), not thrown:
 * the user can ask for a new code. Mails still in flight are awaited at shutdown.
 */
@Injectable()
export class CodeMailer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('CodeMailer');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly mailer: Mailer) {}

  verificationCode(to: string, code: string): void {
    this.dispatch({
      to,
      subject: 'Your Mirrorline verification code',
      text: `Your Mirrorline verification code is ${code}.\nIt expires in 10 minutes. If you did not sign up, ignore this email.`,
    });
  }

  passwordResetCode(to: string, code: string): void {
    this.dispatch({
      to,
      subject: 'Your Mirrorline password reset code',
      text: `Your Mirrorline password reset code is ${code}.\nIt expires in 10 minutes. If you did not ask to reset your password, ignore this email.`,
    });
  }

  /** A security notice (new device, password or 2FA change, new withdrawal address): same hand-over rules. */
  securityNotice(to: string, subject: string, text: string): void {
    this.dispatch({ to, subject, text });
  }

  loginStepUpCode(to: string, code: string): void {
    this.dispatch({
      to,
      subject: 'Your Mirrorline sign-in code',
      text: `Someone, maybe you, failed to sign in to your Mirrorline account many times. To sign in, enter this code with your password: ${code}.\nIt expires in 10 minutes. If it was not you, consider changing your password.`,
    });
  }

  /** Resolves once every mail handed over so far has been sent or logged as failed. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), SHUTDOWN_GRACE_MS);
      timer.unref();
    });
    if (await Promise.race([this.idle().then(() => false), timedOut])) {
      this.logger.error({ mails: this.inFlight.size }, 'Shutting down with mails still unsent');
    }
    clearTimeout(timer);
  }

  private dispatch(mail: OutgoingMail): void {
    let sending: Promise<void>;
    try {
      // Called synchronously: the mail is handed over before the response is written.
      sending = this.mailer.send(mail);
    } catch (error) {
      sending = Promise.reject(error);
    }
    const settled = sending.then(
      () => undefined,
      (error: unknown) => this.logger.error({ err: error, to: mail.to, subject: mail.subject }, 'Could not send mail'),
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
  }
}
