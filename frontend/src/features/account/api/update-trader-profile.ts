import { authRequest } from '../../../lib/fetcher';
import type { TraderProfile } from './get-trader-profile';

/** PATCH /api/traders/me: edit my public trader profile and profit share (0–50 %). */
export function updateTraderProfile(patch: Partial<TraderProfile>): Promise<unknown> {
  return authRequest('/traders/me', { method: 'PATCH', body: patch });
}
