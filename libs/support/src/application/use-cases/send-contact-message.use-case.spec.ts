import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { type OutgoingMail } from '@mirrorline/mail';
import { InMemoryMailer } from '@mirrorline/mail/testing';
import type { AppConfig, Page, PageQuery } from '@mirrorline/shared';
import { ContactMessages, type ContactMessage, type NewContactMessage } from '../ports/contact-messages';
import { SendContactMessageUseCase } from './send-contact-message.use-case';

class InMemoryContactMessages extends ContactMessages {
  readonly rows: ContactMessage[] = [];
  async add(message: NewContactMessage): Promise<ContactMessage> {
    const row = { ...message, id: randomUUID(), createdAt: new Date('2026-11-23T10:00:00Z') };
    this.rows.push(row);
    return row;
  }
  async list(query: PageQuery): Promise<Page<ContactMessage>> {
    return { items: this.rows, total: this.rows.length, page: query.page, limit: query.limit };
  }
}

class DownMailer extends InMemoryMailer {
  override async send(_mail: OutgoingMail): Promise<void> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:25');
  }
}

describe('SendContactMessageUseCase (in-memory fakes)', () => {
  const config = { supportEmail: 'support@mirrorline.test' } as AppConfig;
  const message = { name: 'Jane', email: 'Jane@Example.TEST', subject: 'Fees', message: 'What are the fees?', userId: null };
  beforeAll(() => Logger.overrideLogger(false));

  it('stores the message (email in lower case) and mails it to SUPPORT_EMAIL with the sender and its id', async () => {
    const messages = new InMemoryContactMessages();
    const mailer = new InMemoryMailer();
    const stored = await new SendContactMessageUseCase(messages, mailer, config).execute({ ...message, userId: 'u1' });
    expect(messages.rows).toEqual([stored]);
    expect(stored).toMatchObject({ email: 'jane@example.test', subject: 'Fees', userId: 'u1' });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'support@mirrorline.test', subject: '[Contact] Fees' });
    expect(mailer.sent[0].text).toContain(`From: Jane <jane@example.test> (user u1)\nMessage ${stored.id}`);
    expect(mailer.sent[0].text).toContain('What are the fees?');
  });

  it('a mail that fails still leaves the message stored, and the sender gets it back (no error)', async () => {
    const messages = new InMemoryContactMessages();
    const stored = await new SendContactMessageUseCase(messages, new DownMailer(), config).execute(message);
    expect(messages.rows).toEqual([stored]);
  });
});
