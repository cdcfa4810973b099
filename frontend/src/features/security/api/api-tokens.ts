import { api, useApi } from '../../../lib/api';
import { securityKeys } from '../../../lib/query-keys';
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
  return useApi(securityKeys.tokens());
}
/** POST /api/auth/tokens {name, scopes} → {id, token} (the token is shown once) */
export const createApiToken = (name: string, scopes: TokenScope[]) => api('post', '/api/auth/tokens', { body: { name, scopes } });
/** DELETE /api/auth/tokens/:id */
export const revokeApiToken = (id: string) => api('delete', '/api/auth/tokens/{id}', { path: { id } });

/** Creates a personal API token (its secret is in the answer, shown once); refreshes the list. */
export function useCreateApiToken() {
  return useMutation(({ name, scopes }: { name: string; scopes: TokenScope[] }) => createApiToken(name, scopes), { invalidate: [securityKeys.tokensAll] });
}

/** Revokes a personal API token; refreshes the list. */
export function useRevokeApiToken() {
  return useMutation((id: string) => revokeApiToken(id), { invalidate: [securityKeys.tokensAll] });
}
