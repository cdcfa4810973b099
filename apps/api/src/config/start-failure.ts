/**
 * Turns whatever stopped the start into the one line main.ts prints before exiting 1: the operator
 * needs to know which variable or path to fix, not read a stack trace.
 */

/** Socket errors (no server, wrong host, firewall) and PostgreSQL's refusals before any query runs. */
const CONNECTION_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  '28P01': 'wrong user name or password',
  '28000': 'access refused by the server',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has too many connections',
};

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/** The first error code found on the error, its cause or (AggregateError from dual-stack connects) its parts. */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const e = error as ErrorLike;
  if (typeof e.code === 'string' && e.code) return e.code;
  if (Array.isArray(e.errors)) {
    for (const part of e.errors) {
      const code = codeOf(part, depth + 1);
      if (code) return code;
    }
  }
  return codeOf(e.cause, depth + 1);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return oneLine(`${error.name}: ${error.message}`);
  return oneLine(String(error));
}

/** host:port/database of a PostgreSQL URL, never its password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'an unparseable URL';
  }
}

export interface StartContext {
  port: number;
  /** Where the database came from: DATABASE_URL, or the embedded PostgreSQL started by main.ts. */
  database: { source: 'DATABASE_URL' | 'embedded'; url: string };
}

export function startFailureLine(error: unknown, context: StartContext): string {
  const code = codeOf(error);
  if (code === 'EADDRINUSE' || (code === 'EACCES' && /listen/.test(String((error as ErrorLike).message)))) {
    return code === 'EADDRINUSE'
      ? `Port ${context.port} is already in use: stop what uses it or set PORT.`
      : `Port ${context.port} cannot be opened (EACCES): set PORT to a port above 1023.`;
  }
  if (code && CONNECTION_PROBLEMS[code]) {
    const where = describeDatabaseUrl(context.database.url);
    return context.database.source === 'DATABASE_URL'
      ? `Cannot connect to the database in DATABASE_URL (${where}): ${CONNECTION_PROBLEMS[code]}. Check DATABASE_URL and that the server is running.`
      : `Cannot connect to the embedded PostgreSQL (${where}): ${CONNECTION_PROBLEMS[code]}.`;
  }
  return `Start failed: ${messageOf(error)}`;
}
