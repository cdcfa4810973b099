import { fetchKey } from '../lib/api';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../lib/api-client';

/**
 * Seed §7: unused data is kept 60 s (here: answers are reused for 60 s instead of refetched on every
 * mount; mutations revalidate what they change), no refetch on focus or reconnect.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: fetchKey,
  dedupingInterval: 60_000,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  errorRetryCount: 2,
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    // a 4xx will not get better by asking again
    if (error instanceof ApiError && typeof error.status === 'number' && error.status < 500) return;
    if (retryCount >= (config.errorRetryCount ?? 2)) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};

export function AppProviders({ children, cache }: { children: ReactNode; cache?: Map<string, unknown> }) {
  return <SWRConfig value={cache ? { ...swrConfig, provider: () => cache as never } : swrConfig}>
      {/* two @types/react copies are installed (root and frontend); SWR is typed against the root one */}
      {children as never}
    </SWRConfig>;
}
