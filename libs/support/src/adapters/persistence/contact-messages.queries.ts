import { sql, type ContactMessagesTable, type Sql } from '@mirrorline/shared';
import type { NewContactMessage } from '../../application/ports/contact-messages';

export type ContactMessageRow = Pick<ContactMessagesTable, 'id' | 'name' | 'email' | 'subject' | 'message' | 'user_id' | 'created_at'>;

const COLUMNS = sql`id, name, email, subject, message, user_id, created_at`;

/** The statements of the contact form's messages (SqlContactMessages runs them). */
export const contactMessagesQueries = {
  insert(m: NewContactMessage): Sql<ContactMessageRow> {
    return sql<ContactMessageRow>`INSERT INTO contact_messages (name, email, subject, message, user_id)
       VALUES (${m.name}, ${m.email}, ${m.subject}, ${m.message}, ${m.userId}) RETURNING ${COLUMNS}`;
  },

  count(): Sql<{ total: string }> {
    return sql<{ total: string }>`SELECT count(*) AS total FROM contact_messages`;
  },

  /** A page, newest first. */
  page(limit: number, offset: number): Sql<ContactMessageRow> {
    return sql<ContactMessageRow>`SELECT ${COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`;
  },
};
