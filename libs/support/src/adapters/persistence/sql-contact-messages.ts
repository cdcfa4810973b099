import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, sql, type Page, type PageQuery } from '@mirrorline/shared';
import { ContactMessages, type ContactMessage, type NewContactMessage } from '../../application/ports/contact-messages';

interface Row {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: Date;
}

const toMessage = (r: Row): ContactMessage => ({
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
    const [row] = await runSql(
      this.em.fork(),
      sql<Row>`INSERT INTO contact_messages (name, email, subject, message, user_id)
               VALUES (${m.name}, ${m.email}, ${m.subject}, ${m.message}, ${m.userId}) RETURNING *`,
    );
    return toMessage(row);
  }

  async list(query: PageQuery): Promise<Page<ContactMessage>> {
    const em = this.em.fork();
    const [{ total }] = await runSql(em, sql<{ total: string }>`SELECT count(*) AS total FROM contact_messages`);
    const rows = await runSql(em, sql<Row>`SELECT * FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ${query.limit} OFFSET ${pageOffset(query)}`);
    return { items: rows.map(toMessage), total: Number(total), page: query.page, limit: query.limit };
  }
}
