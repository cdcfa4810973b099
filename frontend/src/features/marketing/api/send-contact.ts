import { adminKeys } from '../../../lib/query-keys';
import { api, type ApiBody } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

export type ContactBody = ApiBody<'/api/contact', 'post'>;

/** POST /api/contact: stored, mailed to support and listed for admins. */
export function useSendContact() {
  return useMutation((body: ContactBody) => api('post', '/api/contact', { body }), { invalidate: [adminKeys.contactMessagesAll] });
}
