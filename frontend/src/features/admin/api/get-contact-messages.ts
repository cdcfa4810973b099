import { useApi } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

/** GET /api/admin/contact-messages?page=: contact-form messages, newest first. */
export function useContactMessages(page: number) {
  return useApi(adminKeys.contactMessages(page), { keepPreviousData: true });
}
