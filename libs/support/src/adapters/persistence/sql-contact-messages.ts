import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, type Page, type PageQuery } from '@mirrorline/shared';
import { ContactMessages, type ContactMessage, type NewContactMessage } from '../../application/ports/contact-messages';
import { contactMessagesQueries as q, type ContactMessageRow } from './contact-messages.queries';

const toMessage = (r: ContactMessageRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  userId: r.user_id,
  createdAt: new Date(r.created_at),
});

@Injectable()
export class SqlContactMessages extends ContactMessages {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(m: NewContactMessage): Promise<ContactMessage> {
    const [row] = await runSql(this.em.fork(), q.insert(m));
    return toMessage(row);
  }

  async list(query: PageQuery): Promise<Page<ContactMessage>> {
    const em = this.em.fork();
    const [{ total }] = await runSql(em, q.count());
    const rows = await runSql(em, q.page(query.limit, pageOffset(query)));
    return { items: rows.map(toMessage), total: Number(total), page: query.page, limit: query.limit };
  }
}
