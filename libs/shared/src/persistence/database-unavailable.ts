/**
 * Errors that mean "the database cannot answer right now" (down, restarting, frozen, overloaded), as
 * opposed to a bug or bad input: the HTTP edge answers them 503 SERVICE_UNAVAILABLE with Retry-After,
 * never 500, and a retry a few seconds later can succeed without anyone restarting the API.
 */

/** Socket-level failures to reach PostgreSQL. */
const SOCKET_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection broken',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

/** SQLSTATEs of a server that is shutting down, starting, out of connections, or past a statement timeout. */
const SQL_STATES: Record<string, string> = {
  '57P01': 'administrator shutdown',
  '57P02': 'crash shutdown',
  '57P03': 'the server is starting up or shutting down',
  '57014': 'statement timeout',
  '53300': 'too many connections',
  '08000': 'connection exception',
  '08001': 'cannot connect',
  '08003': 'connection does not exist',
  '08004': 'connection rejected',
  '08006': 'connection failure',
};

/** Messages of node-postgres and knex that carry no code. */
const MESSAGES: Array<[RegExp, string]> = [
  [/Timeout acquiring a connection/i, 'no pooled connection within the acquire timeout'],
  [/Unable to acquire a connection|pool (is|was) (destroyed|draining)|Cannot use a pool after calling end/i, 'the pool is closing'],
  [/Connection terminated/i, 'connection terminated'],
  [/Query read timeout/i, 'query timeout'],
  [/timeout expired/i, 'connection timeout'],
  [/Client has encountered a connection error/i, 'connection error'],
  [/Connection ended unexpectedly|server closed the connection unexpectedly/i, 'connection closed'],
  [/the database system is (starting up|shutting down|in recovery mode)/i, 'the server is starting up or shutting down'],
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  sqlState?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/** The error of a request that got no pooled connection in time: nothing of it reached the database, so nothing committed. */
export const isNoConnection = (error: unknown): boolean => (error as ErrorLike | null)?.name === 'KnexTimeoutError';

/** Why the database is unavailable ("connection refused", "statement timeout", …), or null for any other error. */
export function databaseUnavailableReason(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const e = error as ErrorLike;
  if (e.name === 'KnexTimeoutError') return 'no pooled connection within the acquire timeout';
  for (const code of [e.code, e.sqlState]) {
    if (typeof code === 'string' && (SOCKET_CODES[code] || SQL_STATES[code])) return SOCKET_CODES[code] ?? SQL_STATES[code];
  }
  if (typeof e.message === 'string') {
    for (const [pattern, reason] of MESSAGES) if (pattern.test(e.message)) return reason;
  }
  if (Array.isArray(e.errors)) {
    for (const part of e.errors) {
      const reason = databaseUnavailableReason(part, depth + 1);
      if (reason) return reason;
    }
  }
  return databaseUnavailableReason(e.cause, depth + 1);
}

export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableReason(error) !== null;
