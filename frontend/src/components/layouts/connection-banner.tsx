import { useEffect, useState } from 'react';
import { useClearErrorsOnRecovery } from '../../lib/connection';

const BACK_NOTE_MS = 4_000;

/**
 * One global line while live data is lost (product.md §12.6), inside a polite live region that is always on the
 * page (a region that appears with its text is often not announced): "Live data lost" while a stream reconnects,
 * "Live data is back" for a moment after it returns. The figures themselves are greyed by `.site.is-offline`
 * (global.css) meanwhile, and the errors the outage left are asked again on the return.
 */
export function ConnectionBanner({ lost }: { lost: boolean }) {
  const [back, setBack] = useState(false);
  const [wasLost, setWasLost] = useState(lost);
  if (wasLost !== lost) {
    setWasLost(lost);
    setBack(!lost);
  }
  useEffect(() => {
    if (!back) return;
    const t = setTimeout(() => setBack(false), BACK_NOTE_MS);
    return () => clearTimeout(t);
  }, [back]);
  useClearErrorsOnRecovery(lost);
  return (
    <div role="status" aria-live="polite" className="connection-status">
      {lost ? (
        <p className="connection-banner" data-testid="connection-banner">
          Live data lost: reconnecting… Greyed prices and balances may be out of date.
        </p>
      ) : back ? (
        <p className="connection-banner connection-banner--back" data-testid="connection-back">
          Live data is back.
        </p>
      ) : null}
    </div>
  );
}
