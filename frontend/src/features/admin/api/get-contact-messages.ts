import { useApi } from '../../../lib/api';

/** GET /api/admin/contact-messages?page=: contact-form messages, newest first. */
export function useContactMessages(page: number) {
  return useApi('/api/admin/contact-messages', { page, limit: 10 }, { keepPreviousData: true });
}
