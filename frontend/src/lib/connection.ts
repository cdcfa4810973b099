import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useSession } from './auth-session';
import { useLiveEventsStatus } from './live-events';
import { useMarketStream } from './market-stream';

/**
 * Live data is lost (product.md §12.6): the market stream (every page holds it through the ticker) or, signed in,
 * the events stream is reconnecting. Both streams retry after 1 s, 2 s, then every 4 s (`backoffMs`), so this turns
 * false within about 4 s of the server's return.
 */
export function useConnectionLost(): boolean {
  const market = useMarketStream().status;
  const events = useLiveEventsStatus();
  const session = useSession();
  return market === 'reconnecting' || (session.isLoggedIn && events === 'reconnecting');
}

/**
 * When live data comes back, every answer that failed meanwhile is asked again, so the errors the outage left on
 * screen ("Failed to fetch", 503) go away by themselves instead of staying until a click on "Try again".
 */
export function useClearErrorsOnRecovery(lost: boolean): void {
  const { cache, mutate } = useSWRConfig();
  const wasLost = useRef(lost);
  useEffect(() => {
    if (wasLost.current && !lost) {
      for (const key of cache.keys()) {
        if (cache.get(key)?.error !== undefined) void mutate(key);
      }
    }
    wasLost.current = lost;
  }, [lost, cache, mutate]);
}
