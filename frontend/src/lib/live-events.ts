/**
 * The signed-in user's live events (`GET /api/events/stream`, SSE with `Authorization: Bearer`, read
 * with a fetch-streaming reader since EventSource cannot send headers). ONE connection per page while
 * signed in, shared by every reader (reference counted). Reconnects with backoff (1 s, 2 s, then every 4 s) and after a
 * token change; a 403 TOKEN_EXPIRED refreshes the token first. While not connected the status is
 * `reconnecting`: screens then mark their live figures as paused, and on the next connect every reader
 * gets a `reconnected` event to revalidate what it may have missed.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { getToken, refreshAccessToken, subscribeSession } from './auth-session';
import { backoffMs, type StreamStatus } from './market-stream';

export interface LiveEvent {
  type: string;
  data: Record<string, unknown>;
}

export const EVENTS_STREAM_URL = '/api/events/stream';

let status: StreamStatus = 'connecting';
let users = 0;
let controller: AbortController | null = null;
let connectedToken: string | null = null;
let everConnected = false;
const statusListeners = new Set<() => void>();
const handlers = new Set<(e: LiveEvent) => void>();
let unsubscribeSession: (() => void) | null = null;

function setStatus(next: StreamStatus): void {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function dispatch(event: LiveEvent): void {
  for (const h of [...handlers]) h(event);
}

class Retry extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

async function run(ctrl: AbortController): Promise<void> {
  let failures = 0;
  while (!ctrl.signal.aborted) {
    const token = getToken();
    if (!token) return;
    try {
      await fetchEventSource(EVENTS_STREAM_URL, {
        headers: { Authorization: `Bearer ${token}` },
        signal: ctrl.signal,
        openWhenHidden: true,
        async onopen(res) {
          if (res.ok && (res.headers.get('content-type') ?? '').includes('text/event-stream')) {
            failures = 0;
            setStatus('live');
            if (everConnected) dispatch({ type: 'reconnected', data: {} });
            everConnected = true;
            return;
          }
          if (res.status === 403) {
            const body = (await res.json().catch(() => ({}))) as { code?: string };
            if (body.code === 'TOKEN_EXPIRED') await refreshAccessToken().catch(() => undefined);
          }
          throw new Retry(`events stream answered ${res.status}`);
        },
        onmessage(msg) {
          if (!msg.data) return;
          try {
            const parsed = JSON.parse(msg.data) as Partial<LiveEvent>;
            dispatch({ type: parsed.type ?? msg.event, data: (parsed.data as Record<string, unknown>) ?? {} });
          } catch {
            /* a malformed frame is skipped */
          }
        },
        onclose() {
          throw new Retry('events stream closed');
        },
        onerror(err) {
          throw err; // the loop below owns the backoff
        },
      });
    } catch {
      /* falls through to the backoff */
    }
    if (ctrl.signal.aborted) return;
    failures += 1;
    setStatus('reconnecting');
    await sleep(backoffMs(failures), ctrl.signal);
  }
}

function connect(): void {
  controller?.abort();
  controller = null;
  connectedToken = getToken();
  if (!connectedToken) {
    setStatus('connecting');
    return;
  }
  const ctrl = new AbortController();
  controller = ctrl;
  void run(ctrl);
}

function acquire(): void {
  users += 1;
  if (users !== 1) return;
  connect();
  // a new sign-in (another user, or a refreshed token after the old one failed) opens a new stream
  unsubscribeSession = subscribeSession(() => {
    const token = getToken();
    if (!token) {
      controller?.abort();
      controller = null;
      connectedToken = null;
      everConnected = false;
      setStatus('connecting');
    } else if (!controller || (status !== 'live' && token !== connectedToken)) connect();
  });
}

function release(): void {
  users -= 1;
  if (users > 0) return;
  unsubscribeSession?.();
  unsubscribeSession = null;
  controller?.abort();
  controller = null;
  everConnected = false;
  setStatus('connecting');
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The events stream's status, read without opening it (for the connection banner). */
export function useLiveEventsStatus(): StreamStatus {
  return useSyncExternalStore(subscribeStatus, () => status, () => status);
}

/** Subscribes to the live events while mounted; returns the stream's status. */
export function useLiveEvents(onEvent?: (event: LiveEvent) => void): StreamStatus {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => {
    const handler = (e: LiveEvent) => ref.current?.(e);
    handlers.add(handler);
    acquire();
    return () => {
      handlers.delete(handler);
      release();
    };
  }, []);
  return useLiveEventsStatus();
}

/** Tests only. */
export function resetLiveEventsForTests(): void {
  controller?.abort();
  controller = null;
  unsubscribeSession?.();
  unsubscribeSession = null;
  users = 0;
  everConnected = false;
  status = 'connecting';
  handlers.clear();
  statusListeners.clear();
}
