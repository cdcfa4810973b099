import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A client must have sent a request's headers within this (product.md §11.5; nginx: client_header_timeout): HTTP_HEADERS_TIMEOUT_MS's default. */
export const HEADERS_TIMEOUT_MS = 20_000;
/** ... and the whole request, body included, within this from its headers (nginx: client_body_timeout between two reads): HTTP_REQUEST_TIMEOUT_MS's default. */
export const REQUEST_TIMEOUT_MS = 60_000;
const HEADERS_DEADLINE = Symbol('mirrorline.headersDeadline');
const REQUEST_TIMEOUT_HEAD = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Slow clients are not held for Node's defaults (headers 60 s, request 300 s). A new connection must have sent its
 * first request's headers within `headersMs` (20 s unless configured), or it gets 408 and is closed (a timer of ours
 * per connection, cleared by its first request); later requests on a kept-alive connection have Node's
 * headersTimeout, set to the same, checked by Node every 30 s. The whole-request bound is `requestDeadline` below.
 * Not Node's requestTimeout, nor a shorter connectionsCheckingInterval: with either set, a burst of new connections
 * on a busy process stopped being accepted (the fault tier's SIGTERM case: 27 of 80 accepted in a second, the rest
 * reset when the drain closed the listener).
 */
export function applyServerTimeouts(server: Server, headersMs = HEADERS_TIMEOUT_MS): void {
  server.headersTimeout = headersMs;
  server.on('connection', (socket: Socket & { [HEADERS_DEADLINE]?: NodeJS.Timeout }) => {
    const timer = setTimeout(() => {
      if (!socket.destroyed) socket.end(REQUEST_TIMEOUT_HEAD, () => socket.destroy());
    }, headersMs);
    timer.unref();
    socket[HEADERS_DEADLINE] = timer;
    socket.once('close', () => clearTimeout(timer));
  });
  server.on('request', (req: IncomingMessage) => clearTimeout((req.socket as Socket & { [HEADERS_DEADLINE]?: NodeJS.Timeout })[HEADERS_DEADLINE]));
}

/**
 * Express middleware, mounted first: a request whose body has not fully arrived REQUEST_TIMEOUT_MS after its
 * headers gets 408 and its connection is closed (nothing of it has been used: the body parsers are still waiting).
 * Requests without a body (or whose body is already in) cost nothing.
 */
export function requestDeadline(req: IncomingMessage, res: ServerResponse, next: () => void, ms = REQUEST_TIMEOUT_MS): void {
  if (req.complete) return next();
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (!res.headersSent) {
      res.statusCode = 408;
      res.setHeader('Connection', 'close');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ statusCode: 408, message: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' }));
    }
    req.socket.destroy();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  res.once('close', clear);
  next();
}
