import { DomainError } from './domain-error';

/** How long a client turned away for overload should wait: a moment, an overload is usually a burst. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/**
 * The 503 of a replica that cannot serve one more request within its latency target: admission control (the
 * limit of requests in flight, the line for a pooled connection) and a trader's order line (TraderOrderQueue).
 */
export function serverBusy(): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', 'The server is busy; please retry in a moment', 'service_unavailable', {
    retryAfterSeconds: OVERLOAD_RETRY_AFTER_SECONDS,
    reason: 'overload',
  });
}
