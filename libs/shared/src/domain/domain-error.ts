/**
 * The kind of a domain error decides its HTTP status (see apps/api/src/http/domain-error.filter.ts);
 * the code is stable and machine-readable (e.g. "WALLET.INSUFFICIENT_FUNDS").
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'unprocessable'
  | 'too_many_requests'
  | 'service_unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind = 'unprocessable',
    /** Extra headers or data the HTTP adapter may use (e.g. retryAfterSeconds). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
