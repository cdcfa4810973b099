import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Response } from 'express';

/** Requests that are never turned away: health (a proxy must see the process) and the long-lived event streams. */
export const ADMISSION_EXEMPT = /^\/api\/(health|events\/stream|market\/stream)\/?$/i;

/** How often the adaptive limit looks at the latencies of the requests that finished (ADMISSION_TARGET_MS). */
export const ADAPTIVE_WINDOW_MS = 250;

/** Requests a window needs before the limit moves (fewer tell too little about the throughput). */
export const ADAPTIVE_WINDOW_REQUESTS = 10;

/** Share of a window's requests that may take longer than the target before the limit comes down. */
const SLOW_SHARE = 0.1;

/** ADMISSION_TARGET_MS and the floor of the adaptive limit; undefined: the limit stays MAX_IN_FLIGHT. */
export interface AdaptiveLimit {
  /** The latency the accepted requests should keep (arrival to response). */
  targetMs: number;
  /** The limit never goes below this (the connections requests may hold: fewer would leave the pool idle). */
  floor: number;
  /**
   * The event loop's delay over the window (its p99 in ms), restarting the measure for the next window
   * (`eventLoopDelay()` in production). Past a tenth of the target the window counts as slow: a loop that late
   * answers even its 503s late, and every accepted request waits for it too.
   */
  loopDelay?: () => number;
}

/**
 * The p99 of the event loop's delay since the last call, in ms: perf_hooks' histogram times a timer of
 * `resolution` ms, so a sample is the resolution plus how late the loop ran it (the first timer after a reset
 * only marks where the next sample starts).
 */
export function eventLoopDelay(resolution = 10): () => number {
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  return () => {
    const p99 = histogram.count ? histogram.percentile(99) / 1e6 - resolution : 0;
    histogram.reset();
    return Math.max(0, p99);
  };
}

/**
 * Admission control (product.md §11.5): at most `limit` API requests in flight; past it a request is answered
 * 503 + Retry-After at once, before its body is read, so that the accepted ones keep a bounded latency (they no
 * longer queue behind an unbounded crowd for the event loop and the pool) and the rejected ones learn it in
 * milliseconds. Health and the event streams are exempt (configure-app.ts).
 *
 * The limit adapts (ADMISSION_TARGET_MS; docs/deploy.md, Limits). A fixed MAX_IN_FLIGHT bounds the latency only
 * at MAX_IN_FLIGHT ÷ throughput (Little's law): 160 requests at 60 writes/s is a 2.7 s queue, and no single value
 * fits both a burst of cheap reads and a stream of fan-outs. So, at the first arrival after a window of at least
 * ADAPTIVE_WINDOW_MS in which at least ADAPTIVE_WINDOW_REQUESTS requests finished, from the requests that finished
 * in it:
 * - more than 10 % took longer than the target, or the event loop's delay (p99) was more than a tenth of it, while
 *   at least `floor` requests were in flight at once: the limit comes down to what the process served in the
 *   window times the target (Little's law: that many in flight wait about the target), and at least by a quarter;
 * - otherwise it goes up by a tenth (at least 1), back to MAX_IN_FLIGHT, so a quiet process takes a burst whole.
 * It never goes below `floor`.
 *
 * Load shedding by queue wait (`overloaded`, ConnectionGate: the head of the line for a pooled connection has
 * waited past DB_QUEUE_SHED_MS) turns requests away the same way.
 */
export class Admission {
  private inFlight = 0;
  private rejected = 0;
  private current: number;
  private windowStart: number;
  private finished = 0;
  private slow = 0;
  /** The most requests in flight at once in the window. */
  private peak = 0;

  constructor(
    readonly max: number,
    private readonly overloaded: () => boolean = () => false,
    private readonly adaptive?: AdaptiveLimit,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.current = max;
    this.windowStart = this.now();
  }

  /** Counts the request until its response is done (or its client left); false when it must be turned away. */
  admit(res: Response): boolean {
    const now = this.adaptive ? this.now() : 0;
    if (this.adaptive) this.adapt(now);
    if (this.inFlight >= this.current || this.overloaded()) {
      this.rejected++;
      return false;
    }
    this.inFlight++;
    if (this.adaptive) {
      const { targetMs } = this.adaptive;
      if (this.inFlight > this.peak) this.peak = this.inFlight;
      res.once('close', () => {
        this.inFlight--;
        this.finished++;
        if (this.now() - now > targetMs) this.slow++;
      });
    } else {
      res.once('close', () => this.inFlight--);
    }
    return true;
  }

  /** Requests in flight now, how many were turned away since the start, and the limit an arrival now would meet. */
  get stats(): { inFlight: number; rejected: number; limit: number } {
    if (this.adaptive) this.adapt(this.now());
    return { inFlight: this.inFlight, rejected: this.rejected, limit: this.current };
  }

  /** At an arrival: once the window is over, the limit moves by what finished in it. */
  private adapt(now: number): void {
    const elapsed = now - this.windowStart;
    if (elapsed < ADAPTIVE_WINDOW_MS || this.finished < ADAPTIVE_WINDOW_REQUESTS) return;
    const { targetMs, floor, loopDelay } = this.adaptive!;
    const late = (loopDelay?.() ?? 0) > targetMs / 10;
    // Slow requests or a late loop with fewer requests in flight than the floor were not made slow by their number
    // (a heavy report, a background task): a lower limit would shed nothing now and only the next burst.
    const loaded = this.peak >= floor;
    if (loaded && (late || this.slow > this.finished * SLOW_SHARE)) {
      const served = (this.finished / elapsed) * targetMs;
      this.current = Math.max(Math.min(floor, this.max), Math.min(Math.floor(this.current * 0.75), Math.floor(served)));
    } else {
      this.current = Math.min(this.max, this.current + Math.max(1, Math.floor(this.current / 10)));
    }
    this.windowStart = now;
    this.finished = 0;
    this.slow = 0;
    this.peak = this.inFlight;
  }
}
