import { authRequest } from '../../../lib/fetcher';

export type CopyAction = 'pause' | 'resume' | 'stop';

/** POST /api/copies/:id/pause | resume | stop. */
export function changeCopy(copyId: string, action: CopyAction): Promise<unknown> {
  return authRequest(`/copies/${encodeURIComponent(copyId)}/${action}`, { method: 'POST' });
}
