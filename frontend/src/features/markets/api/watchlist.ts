import { marketKeys } from '../../../lib/query-keys';
import { api, useApi } from '../../../lib/api';
import { useMutation } from '../../../lib/use-mutation';

/** GET /api/me/watchlist (null: not signed in, nothing is asked) */
export function useWatchlist(signedIn: boolean) {
  return useApi(signedIn ? marketKeys.watchlist() : null);
}

/** PUT /api/me/watchlist {symbols}: the whole list, in order; refreshes the watchlist. */
export function useSaveWatchlist() {
  return useMutation((symbols: string[]) => api('put', '/api/me/watchlist', { body: { symbols } }), { invalidate: [marketKeys.watchlistAll] });
}

/** The list with `symbol` added at the end, or taken out when it is on it already (the star's toggle). */
export function toggled(symbols: readonly string[], symbol: string): string[] {
  return symbols.includes(symbol) ? symbols.filter((s) => s !== symbol) : [...symbols, symbol];
}
