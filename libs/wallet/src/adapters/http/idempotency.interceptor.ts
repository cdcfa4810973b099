import { applyDecorators, CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DomainError, isDatabaseUnavailable, isDomainError, isNoConnection, UnitOfWork, type DomainErrorKind } from '@mirrorline/shared';
import type { AuthenticatedUser } from '@mirrorline/auth';
import { IdempotencyStore, type KeyRecord, type StoredOutcome } from '../../application/ports/idempotency-store';
import { keyInProgress } from '../persistence/sql-idempotency-store';
import { FaultInjection } from './fault-injection';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** Same statuses as the HTTP error filter; only used to record the outcome's status code. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
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

/** Outcomes that ran the use case to a final answer are replayed; the others leave the key free for a retry. */
const REPLAYED_ERROR_KINDS = new Set<DomainErrorKind>(['payment_required', 'forbidden', 'not_found', 'conflict', 'gone', 'unprocessable']);
const RETRYABLE_CODES = new Set(['RETRY', 'IDEMPOTENCY_KEY_IN_PROGRESS']);

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request a key stands for: method, path (ids included, trailing slash ignored) and JSON body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const normalisedPath = path.split('?')[0].replace(/\/+$/, '');
  return createHash('sha256').update(`${method.toUpperCase()} ${normalisedPath}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * The business reference of one request's effect, for the ledger's unique (type, reference): derived from the
 * client's Idempotency-Key when there is one (so the ledger itself refuses a second posting of that request,
 * as TigerBeetle's client-chosen transfer ids do), otherwise a fresh id.
 */
export function operationRef(userId: string, key: string | undefined): string {
  return key === undefined ? `op:${randomUUID()}` : `key:${createHash('sha256').update(`${userId}\n${key}`).digest('hex').slice(0, 40)}`;
}

type IdempotentRequest = Request & { user?: AuthenticatedUser; operationRef?: string };

/** The operation reference `@Idempotent()` gave this request: `@OperationRef() ref: string` in a handler. */
export const OperationRef = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const ref = context.switchToHttp().getRequest<IdempotentRequest>().operationRef;
  if (!ref) throw new Error('@OperationRef() needs @Idempotent() on the handler');
  return ref;
});

/**
 * Exactly once for money-moving requests (product.md §11.2). The whole handler runs inside ONE database
 * transaction (`UnitOfWork.enclose`): the use cases join it, and the answer is built from what it returned, before
 * the commit, so a request whose effect committed never needs the database again to answer (no 5xx after a
 * commit). With an Idempotency-Key, the key is claimed first and completed with the outcome last, both in that
 * transaction: the key and the effect commit together or not at all. So:
 * - a retry of a committed request, at any later time and after any crash, replays its status and body
 *   (`Idempotent-Replayed: true`) and applies nothing;
 * - a crash before the commit leaves nothing behind: the retry runs afresh, once;
 * - a parallel request with the same key waits for the first one's transaction, then replays it (409
 *   IDEMPOTENCY_KEY_IN_PROGRESS past a bounded wait); the same key on another request → 422 IDEMPOTENCY_KEY_REUSED;
 * - a final refusal (402/403/404/409/410/422) is replayed too: its effect is rolled back to a savepoint and the
 *   refusal recorded in the same transaction; a validation error, a RETRY or a 5xx records nothing.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly uow: UnitOfWork,
    private readonly faults: FaultInjection,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.handle(context, next));
  }

  private async handle(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<IdempotentRequest>();
    const response = http.getResponse<Response>();
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !KEY_PATTERN.test(key))) {
      throw new DomainError('VALIDATION_FAILED', `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`, 'validation');
    }
    const userId = request.user?.userId;
    if (!userId) throw new Error('@Idempotent() needs an authenticated route');
    request.operationRef = operationRef(userId, key);
    const handler = () => lastValueFrom(next.handle(), { defaultValue: undefined });

    if (key === undefined) {
      const body = await this.uow.enclose(handler);
      await this.faults.afterCommit(request);
      return body;
    }

    const fingerprint = requestFingerprint(request.method, request.originalUrl ?? request.url, request.body);
    const known = await this.store.find(userId, key);
    if (known) return replay(known, fingerprint, response);

    let outcome: { replay: KeyRecord } | { stored: StoredOutcome; error?: unknown };
    try {
      outcome = await this.uow.enclose(async (tx) => {
        const claim = await this.store.claim(tx, userId, key, fingerprint);
        if (claim.kind === 'known') return { replay: claim.record };
        try {
          // A savepoint around the handler: a final refusal rolls back its effect, not the key's claim.
          const body = await this.uow.run(handler);
          // Nest sets the route's status code before interceptors run.
          const stored: StoredOutcome = { kind: 'response', statusCode: response.statusCode, body: body ?? null };
          await this.store.complete(tx, claim.id, stored);
          return { stored };
        } catch (error) {
          const stored = storableError(error);
          if (!stored) throw error; // nothing recorded: the whole transaction rolls back and the key stays free
          await this.store.complete(tx, claim.id, stored);
          return { stored, error };
        }
      });
    } catch (error) {
      // Lost at COMMIT (the database went away while committing)? Then the key says whether it committed. A request
      // that got no connection within the acquire timeout committed nothing: its 503 is at once.
      const committed = isDatabaseUnavailable(error) && !isNoConnection(error) ? await this.committedRecord(userId, key, fingerprint) : null;
      if (!committed) throw error;
      outcome = { replay: committed };
    }
    if ('replay' in outcome) return replay(outcome.replay, fingerprint, response);
    await this.faults.afterCommit(request);
    if (outcome.error) throw outcome.error;
    return (outcome.stored as Extract<StoredOutcome, { kind: 'response' }>).body;
  }

  /** The key's committed record if the database answers within a few tries, else null (the client retries). */
  private async committedRecord(userId: string, key: string, fingerprint: string): Promise<KeyRecord | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await this.store.find(userId, key).catch(() => undefined);
      if (found !== undefined) return found && found.fingerprint === fingerprint ? found : null;
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
    }
    return null;
  }
}

function storableError(error: unknown): StoredOutcome | null {
  if (!isDomainError(error) || !REPLAYED_ERROR_KINDS.has(error.kind) || RETRYABLE_CODES.has(error.code)) return null;
  const stored: Extract<StoredOutcome, { kind: 'error' }>['error'] = { code: error.code, message: error.message, kind: error.kind };
  if (error.details.errors) stored.errors = error.details.errors;
  return { kind: 'error', statusCode: STATUS_OF_KIND[error.kind], error: stored };
}

function replay(record: KeyRecord, fingerprint: string, response: Response): unknown {
  if (record.fingerprint !== fingerprint) {
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', `This ${IDEMPOTENCY_HEADER} was already used for a different request`, 'unprocessable');
  }
  // A claim a version before exactly-once left without an outcome: its effect may have run, so never again.
  if (!record.outcome) throw keyInProgress();
  const outcome = record.outcome;
  response.setHeader('Idempotent-Replayed', 'true');
  if (outcome.kind === 'error') {
    const { code, message, kind, errors } = outcome.error;
    throw new DomainError(code, message, kind as DomainErrorKind, errors ? { errors } : {});
  }
  response.status(outcome.statusCode);
  return outcome.body;
}

/**
 * Marks a money-moving request as exactly-once: `@Idempotent()` on the handler (product.md §11.2). The handler
 * runs in one transaction with its idempotency record; `@OperationRef()` gives it the reference for its ledger
 * postings. The module declaring the controller must import WalletModule (which provides the interceptor).
 */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description:
        'Any unique string (e.g. a UUID), 1 to 255 visible ASCII characters (0x21–0x7E; no spaces). The key is recorded in the same database transaction as the effect: a retry with the same key and body, at any later time and after any crash, replays the first answer (header Idempotent-Replayed: true) and moves nothing; the same key on another request → 422 IDEMPOTENCY_KEY_REUSED; while the first is still running → 409 IDEMPOTENCY_KEY_IN_PROGRESS. A malformed key → 400 VALIDATION_FAILED.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: KEY_PATTERN.source, example: '3f1c2a9e-5b7d-4e21-9a0c-8d6f4b2e1a77' },
    }),
  );
