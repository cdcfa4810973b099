import type { Response } from 'express';
import { DomainError } from '@mirrorline/shared';

/** How long a client turned away by admission control should wait: a moment, the overload is usually a burst. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** Requests that are never turned away: health (a proxy must see the process) and the long-lived event streams. */
export const ADMISSION_EXEMPT = /^\/api\/(health|events\/stream|market\/stream)\/?$/i;

/** The 503 of a process that has MAX_IN_FLIGHT requests in flight already, or whose line for a pooled connection is too long. */
export function overloaded(): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', 'The server is busy; please retry in a moment', 'service_unavailable', {
    retryAfterSeconds: OVERLOAD_RETRY_AFTER_SECONDS,
    reason: 'overload',
  });
}

/**
 * Admission control (product.md §11.5): at most MAX_IN_FLIGHT API requests in flight; past it a request is
 * answered 503 + Retry-After at once, before its body is read, so that the accepted ones keep a bounded latency
 * (they no longer queue behind an unbounded crowd for the event loop and the pool) and the rejected ones learn
 * it in milliseconds. Health and the event streams are exempt (configure-app.ts).
 *
 * Load shedding by queue wait (`overloaded`, ConnectionGate: the head of the line for a pooled connection has
 * waited past DB_QUEUE_SHED_MS) turns requests away the same way: a count of requests cannot tell a burst of cheap
 * reads from a burst of fan-outs, the line's wait can.
 */
export class Admission {
  private inFlight = 0;
  private rejected = 0;

  constructor(
    readonly max: number,
    private readonly overloaded: () => boolean = () => false,
  ) {}

  /** Counts the request until its response is done (or its client left); false when it must be turned away. */
  admit(res: Response): boolean {
    if (this.inFlight >= this.max || this.overloaded()) {
      this.rejected++;
      return false;
    }
    this.inFlight++;
    res.once('close', () => this.inFlight--);
    return true;
  }

  /** Requests in flight now, and how many were turned away since the start. */
  get stats(): { inFlight: number; rejected: number } {
    return { inFlight: this.inFlight, rejected: this.rejected };
  }
}
