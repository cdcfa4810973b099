import { ApiError } from '../lib/api-client';
import { fetchKey } from '../lib/api';
import { swrConfig } from './providers';

describe('SWR configuration (seed §7)', () => {
  it('reuses answers for 60 s and does not refetch on focus or reconnect', () => {
    expect(swrConfig.dedupingInterval).toBe(60_000);
    expect(swrConfig.revalidateOnFocus).toBe(false);
    expect(swrConfig.revalidateOnReconnect).toBe(false);
    expect(swrConfig.fetcher).toBe(fetchKey);
  });

  it('retries a 5xx or a network error with back-off (at most twice), never a 4xx', () => {
    vi.useFakeTimers();
    try {
      const revalidate = vi.fn();
      const retry = (error: unknown, retryCount: number) =>
        swrConfig.onErrorRetry!(error, '/wallet', swrConfig as never, revalidate as never, { retryCount } as never);
      retry(new ApiError(404, {}), 0);
      retry(new ApiError(403, { code: 'FORBIDDEN' }), 0);
      vi.runAllTimers();
      expect(revalidate).not.toHaveBeenCalled();
      retry(new ApiError(503, {}), 0);
      vi.advanceTimersByTime(1999);
      expect(revalidate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(revalidate).toHaveBeenCalledWith({ retryCount: 0 });
      retry(new ApiError('FETCH_ERROR', {}), 1);
      vi.advanceTimersByTime(4000);
      expect(revalidate).toHaveBeenCalledTimes(2);
      retry(new ApiError(500, {}), 2);
      vi.runAllTimers();
      expect(revalidate).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
