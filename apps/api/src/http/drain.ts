import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * The graceful drain of one API process (SIGTERM/SIGINT, see main.ts): while draining, /api/health answers
 * 503 "draining" (a load balancer stops sending), every response carries `Connection: close` (keep-alive
 * clients reconnect elsewhere), and main.ts waits for the requests in flight before it closes the workers,
 * the pool and PostgreSQL. Long-lived event streams (text/event-stream) do not hold the drain up: the
 * shutdown hooks of their module end them.
 */
@Injectable()
export class Drain {
  private startedAt: number | null = null;
  private readonly inFlight = new Set<Response>();
  private readonly waiters = new Set<() => void>();

  get draining(): boolean {
    return this.startedAt !== null;
  }

  start(): void {
    this.startedAt ??= Date.now();
    // Responses still to be written close their connection too: no keep-alive reuse of a leaving instance.
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.notify();
  }

  /** Express middleware, mounted first: counts the request until its response has finished or its client left. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    this.inFlight.add(res);
    if (this.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      this.inFlight.delete(res);
      this.notify();
    });
    next();
  };

  /** Requests still being answered, event streams left out. */
  pending(): number {
    let n = 0;
    for (const res of this.inFlight) if (!isEventStream(res)) n++;
    return n;
  }

  /** Resolves true when no request is pending, or false once `ms` have passed with some still running. */
  idle(ms: number): Promise<boolean> {
    if (this.pending() === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (this.pending() > 0) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        resolve(this.pending() === 0);
      }, ms);
      this.waiters.add(check);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

function isEventStream(res: Response): boolean {
  const type = res.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/event-stream');
}
