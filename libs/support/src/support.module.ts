import { Module } from '@nestjs/common';
import { ContactMessages } from './application/ports/contact-messages';
import { SendContactMessageUseCase } from './application/use-cases/send-contact-message.use-case';
import { SqlContactMessages } from './adapters/persistence/sql-contact-messages';
import { ContactController } from './adapters/http/contact.controller';

/** Support: the contact form (stored, mailed to SUPPORT_EMAIL) and the admins' list of its messages. */
@Module({
  controllers: [ContactController],
  providers: [{ provide: ContactMessages, useClass: SqlContactMessages }, SendContactMessageUseCase],
})
export class SupportModule {}
