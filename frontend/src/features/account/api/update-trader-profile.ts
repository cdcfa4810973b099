import { api, type ApiBody } from '../../../lib/api';
import { traderKeys } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import type { TraderProfile } from './get-trader-profile';

/** PATCH /api/traders/me: edit my public trader profile and profit share (0–50 %). */
export function updateTraderProfile(patch: Partial<TraderProfile>): Promise<unknown> {
  return api('patch', '/api/traders/me', { body: patch as ApiBody<'/api/traders/me', 'patch'> });
}

/** Saves my trader profile; the hook owns busy state and the refresh of the traders pages. */
export function useUpdateTraderProfile() {
  return useMutation((patch: Partial<TraderProfile>) => updateTraderProfile(patch), { invalidate: [traderKeys.all] });
}
