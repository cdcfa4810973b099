import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import { Mailer } from '@mirrorline/mail';
import { ContactMessages, type ContactMessage, type NewContactMessage } from '../ports/contact-messages';

/**
 * A contact-form message: stored first (admins list it, so nothing is lost if mail is down), then
 * mailed to SUPPORT_EMAIL (the log in development). A failed mail is logged, not shown to the sender.
 */
@Injectable()
export class SendContactMessageUseCase {
  private readonly logger = new Logger('Contact');

  constructor(
    private readonly messages: ContactMessages,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(input: NewContactMessage): Promise<ContactMessage> {
    const stored = await this.messages.add({ ...input, email: input.email.toLowerCase() });
    try {
      await this.mailer.send({
        to: this.config.supportEmail,
        subject: `[Contact] ${stored.subject}`,
        text: `From: ${stored.name} <${stored.email}>${stored.userId ? ` (user ${stored.userId})` : ''}\nMessage ${stored.id}, ${stored.createdAt.toISOString()}\n\n${stored.message}\n`,
      });
    } catch (error) {
      this.logger.warn(`contact message ${stored.id} stored but not mailed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return stored;
  }
}
