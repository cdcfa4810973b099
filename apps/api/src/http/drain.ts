import { Injectable } from '@nestjs/common';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/**
 * A connection that has sent no request yet holds the drain up this long at most (a pre-connect may never send
 * one). Generous: on a busy host a request already sent may wait seconds before the process reads it, and a
 * connection closed then is reset (seen at 2 s with a load average of 12–17 on 2 cores).
 */
const FRESH_CONNECTION_MS = 5_000;

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
  /** Accepted connections whose first request has not been read yet (a busy process reads them late). */
  private readonly fresh = new Map<Socket, number>();
  /** Keep-alive connections that have been answered and wait for their next request. */
  private readonly idleSockets = new Set<Socket>();

  get draining(): boolean {
    return this.startedAt !== null;
  }

  /**
   * Starts the drain. Idle keep-alive connections are closed once what has reached them is read (below), while the
   * listener still accepts (main.ts stops it a moment later): a client that sends its next request finds the
   * connection closed and opens a new one, which is served. Closed at the end instead, they would race with requests
   * sent on them at that moment, and those would be reset. Responses still to be written close their connection too.
   */
  start(): void {
    this.startedAt ??= Date.now();
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    // After the loop's next I/O phase: a request that reached the kernel on an idle connection before the signal, and
    // that a busy process has not read yet, is read first (the middleware takes its connection out of the idle set,
    // and it is served with Connection: close). Closed at once, it would be reset, and a proxy cannot replay a POST
    // it has sent (nginx answered 502 in a rolling restart).
    setImmediate(() => this.closeIdle());
  }

  private closeIdle(): void {
    // An answer still in the socket's buffer is let go first (destroy would cut it).
    for (const socket of this.idleSockets) {
      if (socket.writableLength === 0) socket.destroy();
      else socket.end();
    }
    this.idleSockets.clear();
  }

  /** Counts the server's connections until their first request arrives (main.ts, before listen). */
  watch(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.fresh.set(socket, Date.now());
      socket.once('close', () => {
        this.fresh.delete(socket);
        this.idleSockets.delete(socket);
      });
    });
  }

  /** Express middleware, mounted first: counts the request until its response has finished or its client left. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const socket = req.socket;
    this.fresh.delete(socket);
    this.idleSockets.delete(socket);
    this.inFlight.add(res);
    if (this.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      this.inFlight.delete(res);
      // Answered and kept alive: idle until its next request (a connection closing after its answer is not).
      if (!this.draining && !socket.destroyed && res.writableFinished && res.shouldKeepAlive) this.idleSockets.add(socket);
    });
    next();
  };

  /** Requests still being answered (event streams left out), plus connections whose request is still to be read. */
  pending(now = Date.now()): number {
    let n = 0;
    for (const res of this.inFlight) if (!isEventStream(res)) n++;
    for (const since of this.fresh.values()) if (now - since < FRESH_CONNECTION_MS) n++;
    return n;
  }

  /** Resolves true once nothing is pending, or false when `ms` have passed with something still running. */
  async idle(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (this.pending() > 0) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }
}

function isEventStream(res: Response): boolean {
  const type = res.getHeader('content-type');
  if (typeof type === 'string') return type.startsWith('text/event-stream');
  // Headers given to writeHead() (Nest's SSE stream does that) are only in the head already written.
  const head = (res as unknown as { _header?: unknown })._header;
  return typeof head === 'string' && /\r\ncontent-type:\s*text\/event-stream/i.test(head);
}
