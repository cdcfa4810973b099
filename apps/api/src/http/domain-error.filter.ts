import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { databaseUnavailableReason, DomainError, type DomainErrorKind, formatCents, MAX_BALANCE_CENTS, sqlStateOf, storageUnavailableReason } from '@mirrorline/shared';

/** The one place where domain error kinds become HTTP statuses. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  too_many_requests: 429,
  service_unavailable: 503,
};

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** Readable messages for Nest exceptions thrown without one (Nest's default reads "Service Unavailable Exception"). */
const MESSAGE_OF_STATUS: Record<number, string> = {
  503: 'The service is temporarily unavailable; please retry shortly',
};

/** PostgreSQL errors that mean "bad input" or "lost a race", never a server fault. */
const STATUS_OF_SQLSTATE: Record<string, [number, string, string]> = {
  '23505': [409, 'CONFLICT', 'This conflicts with an existing record'],
  '23503': [409, 'CONFLICT', 'This refers to a record that does not exist or is still in use'],
  '23514': [409, 'CONFLICT', 'This would break a rule of the account'],
  '23502': [400, 'BAD_REQUEST', 'A required value is missing'],
  '22P02': [400, 'BAD_REQUEST', 'A value has an invalid format'],
  '22003': [400, 'BAD_REQUEST', 'A number is out of range'],
  '22001': [400, 'BAD_REQUEST', 'A value is too long'],
  // PostgreSQL text cannot hold a NUL character (\u0000) or a broken byte sequence.
  '22021': [400, 'BAD_REQUEST', 'A value contains a character that is not allowed'],
  '22P05': [400, 'BAD_REQUEST', 'A value contains a character that is not allowed'],
  '40001': [409, 'RETRY', 'The request conflicted with another one; please retry'],
  '40P01': [409, 'RETRY', 'The request conflicted with another one; please retry'],
};

/** How long a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 503 of a database that cannot answer (down, restarting, frozen, out of connections, statement timeout). */
export function databaseUnavailable(reason: string): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; please retry shortly', 'service_unavailable', {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    reason,
  });
}

/** How long a client should wait before retrying an upload while the storage is unusable (an operator must act). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** The 503 of a storage that cannot be written (UPLOAD_DIR not writable, full, read-only, gone). */
export function storageUnavailable(reason: string): DomainError {
  return new DomainError('STORAGE_UNAVAILABLE', 'Document storage is temporarily unavailable; please retry later', 'service_unavailable', {
    retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
    reason,
  });
}

/** At most one warn line a second for database unavailability, however many requests hit it. */
let lastUnavailableLine = 0;
let unavailableSince = 0;
function shouldLogUnavailable(now = Date.now()): number | null {
  if (now - lastUnavailableLine < 1000) {
    unavailableSince++;
    return null;
  }
  const suppressed = unavailableSince;
  lastUnavailableLine = now;
  unavailableSince = 0;
  return suppressed;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  code: string;
  errors?: Record<string, string[]>;
}

const BODY_PARSER_MESSAGES: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Malformed JSON in request body'],
  'entity.too.large': [413, 'Request body is too large'],
  'encoding.unsupported': [415, 'Unsupported request body encoding'],
  'charset.unsupported': [415, 'Unsupported request body charset'],
  'request.aborted': [400, 'Request aborted'],
};

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * The answer to an error. Every 503, whatever raised it (the database gate, admission control, a quote too
 * old to trade on, storage), carries `Retry-After` (product.md §11.5): its own when it set one, else the
 * database's.
 */
export function errorResponse(exception: unknown): ErrorAnswer {
  const answer = describeError(exception);
  if (answer.status === 503 && answer.headers['Retry-After'] === undefined) answer.headers['Retry-After'] = String(DATABASE_RETRY_AFTER_SECONDS);
  return answer;
}

function describeError(exception: unknown): ErrorAnswer {
  // Errors raised by body-parser (malformed JSON, too large, …) carry a `type`; never echo parser internals.
  const parserType = (exception as { type?: unknown } | undefined)?.type;
  if (typeof parserType === 'string' && BODY_PARSER_MESSAGES[parserType]) {
    const [status, message] = BODY_PARSER_MESSAGES[parserType];
    return { status, body: { statusCode: status, message, code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST' }, headers: {} };
  }
  if (exception instanceof DomainError) {
    const status = STATUS_OF_KIND[exception.kind] ?? 422;
    const headers: Record<string, string> = { ...((exception.details.headers as Record<string, string>) ?? {}) };
    const retryAfter = exception.details.retryAfterSeconds;
    if (typeof retryAfter === 'number') headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfter)));
    const body: ErrorBody = { statusCode: status, message: exception.message, code: exception.code };
    if (exception.details.errors) body.errors = exception.details.errors as Record<string, string[]>;
    return { status, body, headers };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message = exception.message;
    if (typeof response === 'object' && response !== null && 'message' in response) {
      const m = (response as { message: unknown }).message;
      message = Array.isArray(m) ? m.join('; ') : String(m);
    } else if (MESSAGE_OF_STATUS[status] && typeof response !== 'string') {
      // e.g. terminus' 503 carries the health report, not a message: say something a person can read.
      message = MESSAGE_OF_STATUS[status];
    }
    const headers: Record<string, string> = {};
    if (status === 429) headers['Retry-After'] = '60';
    return { status, body: { statusCode: status, message, code: CODE_OF_STATUS[status] ?? 'ERROR' }, headers };
  }
  // Other client errors raised by Express middleware before Nest sees the request.
  const e = exception as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown } | undefined;
  const httpStatus = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  if (httpStatus && httpStatus >= 400 && httpStatus < 500) {
    const message = e?.expose && typeof e.message === 'string' ? e.message : 'Bad request';
    return { status: httpStatus, body: { statusCode: httpStatus, message, code: CODE_OF_STATUS[httpStatus] ?? 'BAD_REQUEST' }, headers: {} };
  }
  const unavailable = databaseUnavailableReason(exception);
  if (unavailable) return describeError(databaseUnavailable(unavailable));
  const storage = storageUnavailableReason(exception);
  if (storage) return describeError(storageUnavailable(storage));
  const sqlState = sqlStateOf(exception);
  if (sqlState === '23514' && constraintOf(exception) === 'ledger_accounts_max_balance') {
    // Wherever the posting came from (settlement SQL, a deposit's approval, an adjustment), the answer names the rule.
    const message = `This would take a balance past the limit of ${formatCents(MAX_BALANCE_CENTS)} USD`;
    return { status: 422, body: { statusCode: 422, message, code: 'WALLET.BALANCE_LIMIT' }, headers: {} };
  }
  if (sqlState && STATUS_OF_SQLSTATE[sqlState]) {
    const [status, code, message] = STATUS_OF_SQLSTATE[sqlState];
    return { status, body: { statusCode: status, message, code }, headers: {} };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { statusCode: 500, message: 'Internal server error', code: 'INTERNAL' },
    headers: {},
  };
}

/** Maps every error to `{ statusCode, message, code }`; stack traces go to the log, never to the client. */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    const { status, body, headers } = errorResponse(exception);
    const unavailable = databaseUnavailableReason(exception);
    if (unavailable) {
      // Expected while PostgreSQL is down or restarting: no stack, and one line a second at most.
      const suppressed = shouldLogUnavailable();
      if (suppressed !== null) {
        this.logger.warn({ path: request?.url, reason: unavailable, moreSinceLastLine: suppressed }, `Database unavailable (${unavailable}): answered 503`);
      }
    } else if (status === 503) {
      // Expected while a dependency is down (health checks every few seconds): one line, no stack, one a second at most.
      const suppressed = shouldLogUnavailable();
      // A storage failure names its path and code (EACCES on /var/uploads/tmp …): what the operator must fix.
      const storage = storageUnavailableReason(exception) ? (exception as Error).message : undefined;
      if (suppressed !== null) this.logger.warn({ path: request?.url, message: body.message, storage, moreSinceLastLine: suppressed }, 'Service unavailable');
    } else if (status >= 500) {
      this.logger.error({ err: loggableError(exception), path: request?.url }, 'Unhandled error');
    }
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json(body);
  }
}

/**
 * What the log keeps of an error. A database error (it has a SQLSTATE) keeps its kind, state, constraint,
 * table and column and the statement with its placeholders, but never the values: PostgreSQL's `detail`
 * ("Key (email)=(…)") and `where` echo row data, and the bound parameters are personal data.
 */
export function loggableError(error: unknown): unknown {
  const state = sqlStateOf(error);
  if (!state || !(error instanceof Error)) return error;
  const e = error as Error & Record<string, unknown>;
  const frames = (e.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ')).join('\n');
  // The driver prefixes PostgreSQL's message with the statement as sent, values interpolated
  // ("INSERT … VALUES ('jane@…', '$argon2id…') - duplicate key …"): only PostgreSQL's own message is kept.
  const separator = e.message.lastIndexOf(' - ');
  const message = separator >= 0 ? e.message.slice(separator + 3) : e.message;
  return {
    type: e.name,
    message,
    sqlState: state,
    constraint: e.constraint,
    table: e.table,
    column: e.column,
    routine: e.routine,
    stack: `${e.name}: ${message}\n${frames}`,
  };
}

/** The constraint a PostgreSQL error names (the driver keeps it as `constraint`; the message names it too). */
function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; message?: unknown } | undefined;
  if (typeof e?.constraint === 'string') return e.constraint;
  const match = /constraint "([^"]+)"/.exec(String(e?.message ?? ''));
  return match?.[1];
}
