import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { Mailer } from './application/ports/mailer';
import { SmtpMailer } from './adapters/smtp/smtp.mailer';
import { LogMailer } from './adapters/log/log.mailer';

/** Binds the Mailer port: SMTP when SMTP_URL is set, the log otherwise (re-exported by apps/api's composition root). */
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Mailer => (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer()),
    },
  ],
  exports: [Mailer],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  onApplicationShutdown(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}
