import useSWR from 'swr';
import { authRequest, swrFetcher } from '../../../lib/fetcher';
import { useMutation } from '../../../lib/use-mutation';

export type TokenScope = 'read' | 'trade';

export interface ApiTokenItem {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  lastUsedAt: string | null;
  prefix: string;
}

/** GET /api/auth/tokens */
export function useApiTokens() {
  return useSWR<{ items: ApiTokenItem[] }>('/auth/tokens', swrFetcher);
}
/** POST /api/auth/tokens {name, scopes} → {id, token} (the token is shown once) */
export const createApiToken = (name: string, scopes: TokenScope[]) => authRequest<{ id: string; token: string }>('/auth/tokens', { method: 'POST', body: { name, scopes } });
/** DELETE /api/auth/tokens/:id */
export const revokeApiToken = (id: string) => authRequest(`/auth/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Creates a personal API token (its secret is in the answer, shown once); refreshes the list. */
export function useCreateApiToken() {
  return useMutation(({ name, scopes }: { name: string; scopes: TokenScope[] }) => createApiToken(name, scopes), { invalidate: ['/auth/tokens'] });
}

/** Revokes a personal API token; refreshes the list. */
export function useRevokeApiToken() {
  return useMutation((id: string) => revokeApiToken(id), { invalidate: ['/auth/tokens'] });
}
