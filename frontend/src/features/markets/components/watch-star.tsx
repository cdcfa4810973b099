import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { toggled, useSaveWatchlist, useWatchlist } from '../api/watchlist';

/**
 * The star that puts an instrument on my watchlist or takes it off (a PUT of the whole list). Shown to signed-in
 * users only; a refusal is a toast.
 */
export function WatchStar({ symbol }: { symbol: string }) {
  const list = useWatchlist(true);
  const save = useSaveWatchlist();
  const symbols = list.data?.symbols ?? [];
  const on = symbols.includes(symbol);
  const onClick = () => {
    if (!list.data) return;
    save.trigger(toggled(symbols, symbol)).catch((e: unknown) => toast.error(errorMessage(e)));
  };
  return (
    <Button
      size="sm"
      className={`watch-star ${on ? 'is-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? `Remove ${symbol} from my watchlist` : `Add ${symbol} to my watchlist`}
      title={on ? 'On your watchlist' : 'Add to your watchlist'}
      disabled={!list.data || save.busy}
      onClick={onClick}
    >
      {/* An inline icon, not a glyph: a machine without the font drew an empty box (see the bell). */}
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9Z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </Button>
  );
}
