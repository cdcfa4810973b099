import { useApi } from './api';
import { tradeKeys } from './query-keys';
/**
 * The one live figure of each copy (product.md §12.6, "one live row per copy"): the portfolio and "My copies" both
 * read it here, so they show the same number at the same moment. Before, "My copies" showed the copy's settled
 * equity (GET copies `equity`, open positions at their cost) while the portfolio showed it marked to the market
 * stream: two computations, two figures ($499.98 against $500.03).
 *
 * A copy's live equity = its settled equity + the unrealized pnl of its open positions, each marked to the
 * market stream's close-side quote (lib/live-pnl.ts, the server's rounding) while both streams are live and all
 * its positions are loaded; otherwise the server's own figure (GET copies `unrealizedPnl`, at the server's quotes).
 */
import { closeSidePrice, sumMoney, unrealizedPnl } from './live-pnl';
import { useLiveEvents } from './live-events';
import { useMarketStream, type LiveQuote, type StreamStatus } from './market-stream';

/** Marks move between events: the server's figures are revalidated every 15 s besides the live quotes. */
export const MARK_REFRESH_MS = 15_000;

/** The fields of an open position (an item of GET trades) a live mark needs. */
export interface MarkedPosition {
  copyId: string;
  symbol: string;
  side: string;
  size: string;
  entryPrice: string;
  markPrice: string | null;
  unrealizedPnl: string | null;
}

/** The fields of a copy (an item of GET copies) its live figure needs. */
export interface SettledCopy {
  id: string;
  equity: string;
  unrealizedPnl: string;
  openPositions: number;
}

/** A position marked to the live quote when there is one, else the server's mark. */
export function livePosition(p: MarkedPosition, quote: LiveQuote | undefined): { mark: string | null; pnl: string | null } {
  if (!quote) return { mark: p.markPrice, pnl: p.unrealizedPnl };
  const mark = closeSidePrice(p.side, quote);
  return { mark, pnl: unrealizedPnl(p.side, p.size, p.entryPrice, mark) ?? p.unrealizedPnl };
}

export interface LiveCopyFigure<P> {
  /** settled equity + unrealized */
  equity: string;
  unrealized: string;
  /** its open positions (loaded ones) */
  positions: P[];
}

/** A copy's live figure from its settled figures, its open positions and the quotes (none when stale). */
export function liveCopyFigure<P extends MarkedPosition>(copy: SettledCopy, positions: P[], quotes: Record<string, LiveQuote> | null): LiveCopyFigure<P> {
  const mine = positions.filter((p) => p.copyId === copy.id);
  // all its positions are on screen: mark them to the live quotes; otherwise the server's figure
  const unrealized = quotes && mine.length === copy.openPositions && mine.length > 0 ? sumMoney(mine.map((p) => livePosition(p, quotes[p.symbol]).pnl)) : copy.unrealizedPnl;
  return { unrealized, equity: sumMoney([copy.equity, unrealized]), positions: mine };
}

/**
 * The live figures of my copies: `live(copy)` for each, the quotes, and the streams' status (stale when either the
 * events or the market stream is not live: the server's figures then, greyed by the caller).
 */
export function useLiveCopyFigures() {
  const eventsStatus = useLiveEvents();
  const { quotes, status: marketStatus } = useMarketStream();
  const positionsQuery = useApi(tradeKeys.open(), { refreshInterval: MARK_REFRESH_MS });
  const positions = positionsQuery.data?.items ?? [];
  const status: StreamStatus = eventsStatus !== 'live' ? eventsStatus : marketStatus;
  const stale = status !== 'live';
  return {
    status,
    stale,
    quotes,
    live: (copy: SettledCopy) => liveCopyFigure(copy, positions, stale ? null : quotes),
  };
}
