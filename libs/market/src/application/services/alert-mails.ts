import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, UnitOfWork, type AppConfig } from '@mirrorline/shared';
import { Mailer } from '@mirrorline/mail';
import { alertNotice } from '../../domain/price-alert';
import { AlertStore } from '../ports/alert-store';

/** A mail that fails this many times is given up (mail_state 'failed'); the bell still has the notice. */
export const ALERT_MAIL_ATTEMPTS = 5;

/**
 * The mails of triggered alerts whose owner asked for one (notifyByEmail): an outbox on the alert's own row.
 * The transaction that spends an alert marks its mail pending; this worker sends it after the commit, one alert
 * per transaction of its own (locked SKIP LOCKED, so instances share the work and never send one twice while it is
 * being sent), and records it sent. Mail is never sent inside the transaction of a request or of the watcher.
 * Every instance also sweeps every OUTBOX_SWEEP_MS (5 s), so a mail an instance committed but did not send before it
 * died goes out from another (or from itself at its next start). A failed send stops the round and counts an attempt.
 */
@Injectable()
export class AlertMails implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AlertMails');
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: AlertStore,
    private readonly mailer: Mailer,
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.kick();
    if (this.sweep || this.closed) return;
    this.sweep = setInterval(() => this.kick(), this.config?.outboxSweepMs ?? 5_000);
    this.sweep.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.sweep) clearInterval(this.sweep);
    await this.idle();
  }

  /** Starts sending pending mails, or makes the running round look again when it is done. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendAll().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no round runs (specs). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async sendAll(): Promise<void> {
    try {
      while (!this.closed && (await this.sendOne())) {
        /* next mail */
      }
    } catch (error) {
      this.logger.error(`alert mail round failed: ${(error as Error).message}`);
    }
  }

  /** Sends the oldest pending mail; false when none is left or the send failed (the next sweep retries). */
  private sendOne(): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const mail = await this.store.nextMail(tx);
      if (!mail) return false;
      const text = alertNotice(mail);
      let sent = true;
      try {
        await this.mailer.send({ to: mail.email, subject: `Mirrorline: ${text.title}`, text: `${text.body}\n\nYou asked for this mail when you created the alert.` });
      } catch (error) {
        sent = false;
        this.logger.error({ err: error, alert: mail.id }, 'Could not send an alert mail');
      }
      await this.store.mailDone(tx, mail.id, sent, ALERT_MAIL_ATTEMPTS);
      return sent;
    });
  }
}
