import { authRequest } from '../../../lib/fetcher';

/** POST /api/notifications/:id/read (`all` marks every one). */
export function markNotificationRead(id: string): Promise<unknown> {
  return authRequest(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}
