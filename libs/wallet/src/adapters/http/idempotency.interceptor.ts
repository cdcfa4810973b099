import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DomainError, isDomainError, type DomainErrorKind } from '@mirrorline/shared';
import type { AuthenticatedUser } from '@mirrorline/auth';
import { IdempotencyStore, type StoredOutcome } from '../../application/ports/idempotency-store';

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
 * Idempotency-Key for money-moving POSTs (product.md §4). The first request with a key runs; any later
 * or parallel request with the same key (per user) waits for it and replays its status and body,
 * never running the effect again; the same key on a different request → 422 IDEMPOTENCY_KEY_REUSED.
 * Without the header the request simply runs.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.handle(context, next));
  }

  private async handle(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { user?: AuthenticatedUser }>();
    const response = http.getResponse<Response>();
    const key = request.headers['idempotency-key'];
    if (key === undefined) return lastValueFrom(next.handle(), { defaultValue: undefined });
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new DomainError('VALIDATION_FAILED', `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`, 'validation');
    }
    const userId = request.user?.userId;
    if (!userId) throw new Error('@Idempotent() needs an authenticated route');

    const fingerprint = requestFingerprint(request.method, request.originalUrl ?? request.url, request.body);
    const claim = await this.store.claim(userId, key, fingerprint);
    if (claim.kind === 'mismatch') {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', `This ${IDEMPOTENCY_HEADER} was already used for a different request`, 'unprocessable');
    }
    if (claim.kind === 'done') return replay(claim.outcome, response);

    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      const outcome = storableError(error);
      if (outcome) await this.store.complete(claim.id, outcome);
      else await this.store.release(claim.id);
      throw error;
    }
    // Nest sets the route's status code before interceptors run.
    await this.store.complete(claim.id, { kind: 'response', statusCode: response.statusCode, body: body ?? null });
    return body;
  }
}

function storableError(error: unknown): StoredOutcome | null {
  if (!isDomainError(error) || !REPLAYED_ERROR_KINDS.has(error.kind) || RETRYABLE_CODES.has(error.code)) return null;
  const stored: Extract<StoredOutcome, { kind: 'error' }>['error'] = { code: error.code, message: error.message, kind: error.kind };
  if (error.details.errors) stored.errors = error.details.errors;
  return { kind: 'error', statusCode: STATUS_OF_KIND[error.kind], error: stored };
}

function replay(outcome: StoredOutcome, response: Response): unknown {
  response.setHeader('Idempotent-Replayed', 'true');
  if (outcome.kind === 'error') {
    const { code, message, kind, errors } = outcome.error;
    throw new DomainError(code, message, kind as DomainErrorKind, errors ? { errors } : {});
  }
  response.status(outcome.statusCode);
  return outcome.body;
}

/**
 * Marks a money-moving POST as idempotent: `@Idempotent()` on the handler. The module declaring the
 * controller must import WalletModule (which provides the store).
 */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description:
        'Any unique string (e.g. a UUID), 1 to 255 visible ASCII characters (0x21–0x7E; no spaces): retrying with the same key replays the first response instead of moving money twice. A malformed key → 400 VALIDATION_FAILED.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: KEY_PATTERN.source, example: '3f1c2a9e-5b7d-4e21-9a0c-8d6f4b2e1a77' },
    }),
  );

