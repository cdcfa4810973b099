import { useLiveEventsStatus } from '../../lib/live-events';
import { useMarketStream } from '../../lib/market-stream';
import { useSession } from '../../lib/auth-session';

/**
 * One global line while live data is lost (product.md §12.6): the market stream (every page holds it through the
 * ticker) or, signed in, the events stream is reconnecting. It goes away by itself once both are live again.
 */
export function ConnectionBanner() {
  const market = useMarketStream().status;
  const events = useLiveEventsStatus();
  const session = useSession();
  const lost = market === 'reconnecting' || (session.isLoggedIn && events === 'reconnecting');
  if (!lost) return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner">
      Live data lost: reconnecting… Prices and balances on screen may be out of date.
    </div>
  );
}
