import type { Page, PageQuery } from '@mirrorline/shared';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's account when signed in. */
  userId: string | null;
}

export interface ContactMessage extends NewContactMessage {
  id: string;
  createdAt: Date;
}

/** Port: the stored contact-form messages. */
export abstract class ContactMessages {
  abstract add(message: NewContactMessage): Promise<ContactMessage>;
  abstract list(query: PageQuery): Promise<Page<ContactMessage>>;
}
