import type { Server } from 'node:http';

/** A client must have sent a request's headers within this (product.md §11.5; nginx: client_header_timeout). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** ... and the whole request, body included, within this (nginx: client_body_timeout between two reads). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** How often Node looks for connections past those timeouts (its default, 30 s, would let them stay 50 s). */
export const TIMEOUT_CHECK_MS = 1_000;

/**
 * Slow clients are not held for Node's defaults (headers 60 s, request 300 s): a connection that has not
 * sent its headers in 20 s, or its whole request in 60 s, gets 408 and is closed. Set before listen():
 * Node starts its periodic check when the server starts listening.
 */
export function applyServerTimeouts(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = TIMEOUT_CHECK_MS;
}
