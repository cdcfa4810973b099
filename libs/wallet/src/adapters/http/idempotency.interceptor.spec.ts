import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of, throwError } from 'rxjs';
import { DomainError } from '@mirrorline/shared';
import { IdempotencyStore, type Claim, type StoredOutcome } from '../../application/ports/idempotency-store';
import { IdempotencyInterceptor, requestFingerprint } from './idempotency.interceptor';

/** The store in memory: a claim is visible at once, as with the committed row in PostgreSQL. */
class MemoryStore extends IdempotencyStore {
  rows = new Map<string, { id: string; fingerprint: string; outcome?: StoredOutcome }>();
  async claim(userId: string, key: string, fingerprint: string): Promise<Claim> {
    const row = this.rows.get(`${userId}:${key}`);
    if (!row) {
      const id = String(this.rows.size + 1);
      this.rows.set(`${userId}:${key}`, { id, fingerprint });
      return { kind: 'claimed', id };
    }
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (!row.outcome) throw new Error('in progress: not modelled here');
    return { kind: 'done', outcome: row.outcome };
  }
  async complete(id: string, outcome: StoredOutcome) {
    for (const row of this.rows.values()) if (row.id === id) row.outcome = outcome;
  }
  async release(id: string) {
    for (const [k, row] of this.rows) if (row.id === id) this.rows.delete(k);
  }
  async purgeExpired() {
    return 0;
  }
}

function context(body: unknown, key?: string, path = '/api/wallet/deposit') {
  const response = {
    statusCode: 201,
    headers: {} as Record<string, string>,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    setHeader(name: string, value: string) {
      this.headers[name] = value;
    },
  };
  const request = { method: 'POST', originalUrl: path, body, headers: key === undefined ? {} : { 'idempotency-key': key }, user: { userId: 'u1' } };
  const ctx = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ExecutionContext;
  return { ctx, response };
}

describe('IdempotencyInterceptor', () => {
  const handler = (value: unknown) => {
    const calls = { n: 0 };
    const next: CallHandler = { handle: () => (calls.n++, of(value)) };
    return { next, calls };
  };

  it('runs once per key and replays status and body', async () => {
    const interceptor = new IdempotencyInterceptor(new MemoryStore());
    const { next, calls } = handler({ id: 't1' });
    const first = context({ amount: '1.00' }, 'k');
    expect(await lastValueFrom(interceptor.intercept(first.ctx, next))).toEqual({ id: 't1' });
    const second = context({ amount: '1.00' }, 'k');
    second.response.statusCode = 200;
    expect(await lastValueFrom(interceptor.intercept(second.ctx, next))).toEqual({ id: 't1' });
    expect(second.response.statusCode).toBe(201);
    expect(second.response.headers['Idempotent-Replayed']).toBe('true');
    expect(calls.n).toBe(1);
  });

  it('runs every time without a key', async () => {
    const interceptor = new IdempotencyInterceptor(new MemoryStore());
    const { next, calls } = handler({});
    await lastValueFrom(interceptor.intercept(context({}).ctx, next));
    await lastValueFrom(interceptor.intercept(context({}).ctx, next));
    expect(calls.n).toBe(2);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for another body', async () => {
    const interceptor = new IdempotencyInterceptor(new MemoryStore());
    const { next } = handler({});
    await lastValueFrom(interceptor.intercept(context({ amount: '1.00' }, 'k').ctx, next));
    await expect(lastValueFrom(interceptor.intercept(context({ amount: '2.00' }, 'k').ctx, next))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      kind: 'unprocessable',
    });
  });

  it('replays a final domain refusal but frees the key after a validation error', async () => {
    const store = new MemoryStore();
    const interceptor = new IdempotencyInterceptor(store);
    const conflict: CallHandler = { handle: () => throwError(() => new DomainError('WALLET.INSUFFICIENT_FUNDS', 'Insufficient funds', 'conflict')) };
    await expect(lastValueFrom(interceptor.intercept(context({ a: 1 }, 'c').ctx, conflict))).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    const { next, calls } = handler({});
    await expect(lastValueFrom(interceptor.intercept(context({ a: 1 }, 'c').ctx, next))).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    expect(calls.n).toBe(0);

    const invalid: CallHandler = { handle: () => throwError(() => new DomainError('VALIDATION_FAILED', 'bad', 'validation')) };
    await expect(lastValueFrom(interceptor.intercept(context({ a: 2 }, 'v').ctx, invalid))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect([...store.rows.keys()]).not.toContain('u1:v');
    const server: CallHandler = { handle: () => throwError(() => new Error('boom')) };
    await expect(lastValueFrom(interceptor.intercept(context({ a: 3 }, 's').ctx, server))).rejects.toThrow('boom');
    expect([...store.rows.keys()]).not.toContain('u1:s');
  });

  it('fingerprints method, path and body, ignoring key order and a trailing slash', () => {
    const base = requestFingerprint('POST', '/api/wallet/withdraw', { amount: '1.00', destination: 'x' });
    expect(requestFingerprint('post', '/api/wallet/withdraw/', { destination: 'x', amount: '1.00' })).toBe(base);
    expect(requestFingerprint('POST', '/api/wallet/withdraw', { amount: '1.01', destination: 'x' })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/wallet/deposit', { amount: '1.00', destination: 'x' })).not.toBe(base);
  });
});
