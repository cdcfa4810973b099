/**
 * Live quotes from `GET /api/market/stream` (Server-Sent Events, public). ONE EventSource per page for
 * every instrument, shared by the ticker, the markets screens and the order ticket (reference counted:
 * it closes when the last reader unmounts). Listeners are notified at most every 250 ms.
 *
 * Reconnect: on an error the source is closed and reopened with a backoff (1 s, 2 s, then every 4 s). While
 * it is not connected the status is `reconnecting` and readers must not show the quotes as live.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface LiveQuote {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
}

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface MarketSnapshot {
  status: StreamStatus;
  quotes: Readonly<Record<string, LiveQuote>>;
}

export const MARKET_STREAM_URL = '/api/market/stream';
const NOTIFY_MS = 250;

let snapshot: MarketSnapshot = { status: 'connecting', quotes: {} };
let pending: Record<string, LiveQuote> | null = null;
let notifyTimer: ReturnType<typeof setTimeout> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let source: EventSource | null = null;
let users = 0;
let failures = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function setStatus(status: StreamStatus): void {
  if (snapshot.status === status) return;
  snapshot = { ...snapshot, status };
  emit();
}

function flush(): void {
  notifyTimer = null;
  if (!pending) return;
  snapshot = { ...snapshot, quotes: { ...snapshot.quotes, ...pending } };
  pending = null;
  emit();
}

/**
 * 1 s, 2 s, then every 4 s: a page reconnects within 5 s of the server's return (product.md §12.6). A reconnect
 * is one request per open page, and a stream that cannot connect costs the server nothing between tries.
 */
export function backoffMs(failureCount: number): number {
  return Math.min(4_000, 1000 * 2 ** Math.max(0, failureCount - 1));
}

function open(): void {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(MARKET_STREAM_URL);
  source = es;
  es.onopen = () => {
    failures = 0;
    setStatus('live');
  };
  es.addEventListener('quote', (event) => {
    try {
      const q = JSON.parse((event as MessageEvent<string>).data) as LiveQuote;
      if (!q?.symbol) return;
      pending = { ...(pending ?? {}), [q.symbol]: q };
      if (snapshot.status !== 'live') {
        failures = 0;
        setStatus('live');
      }
      notifyTimer ??= setTimeout(flush, NOTIFY_MS);
    } catch {
      /* a malformed frame is skipped */
    }
  });
  es.onerror = () => {
    es.close();
    if (source !== es) return;
    source = null;
    failures += 1;
    setStatus('reconnecting');
    if (users > 0) retryTimer = setTimeout(() => {
      retryTimer = null;
      if (users > 0 && !source) open();
    }, backoffMs(failures));
  };
}

function acquire(): void {
  users += 1;
  if (users === 1 && !source && !retryTimer) open();
}

function release(): void {
  users -= 1;
  if (users > 0) return;
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  failures = 0;
  snapshot = { ...snapshot, status: 'connecting' };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live quotes of every instrument and the stream's status. */
export function useMarketStream(): MarketSnapshot {
  useEffect(() => {
    acquire();
    return release;
  }, []);
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}

/** Tests only: forget every quote and connection. */
export function resetMarketStreamForTests(): void {
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  if (notifyTimer) clearTimeout(notifyTimer);
  retryTimer = null;
  notifyTimer = null;
  pending = null;
  users = 0;
  failures = 0;
  snapshot = { status: 'connecting', quotes: {} };
  listeners.clear();
}

/** Mid of a quote as a number (display-only arithmetic: change %, sparkline, chart). */
export function midOf(q: { bid: string; ask: string }): number {
  return (Number(q.bid) + Number(q.ask)) / 2;
}

/** Change today in % from the day's open to the live mid; null without both. */
export function changeSince(dayOpen: string | null | undefined, q: { bid: string; ask: string } | null | undefined): number | null {
  if (!dayOpen || !q) return null;
  const open = Number(dayOpen);
  if (!(open > 0)) return null;
  return ((midOf(q) - open) / open) * 100;
}
