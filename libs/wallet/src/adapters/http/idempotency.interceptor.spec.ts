import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { defer, lastValueFrom, of, throwError } from 'rxjs';
import { DomainError, UnitOfWork, type AppConfig, type TransactionContext } from '@mirrorline/shared';
import { IdempotencyStore, type Claim, type KeyRecord, type StoredOutcome } from '../../application/ports/idempotency-store';
import { FaultInjection } from './fault-injection';
import { IdempotencyInterceptor, operationRef, requestFingerprint } from './idempotency.interceptor';

type Row = { id: string; fingerprint: string; outcome: StoredOutcome | null };

/**
 * The store and the unit of work in memory, with the database's transactional behaviour: what a transaction
 * writes is seen by others only once it commits; a rollback (the body throws) leaves no trace; `run` inside
 * `enclose` is a savepoint. `effects` stands for the handler's writes (the money that moved).
 */
class Database {
  committed = new Map<string, Row>();
  effects: string[] = [];
  failCommit = false;
}

class MemoryStore extends IdempotencyStore {
  constructor(private readonly db: Database) {
    super();
  }
  pending?: Map<string, Row>;
  async find(userId: string, key: string): Promise<KeyRecord | null> {
    const row = this.db.committed.get(`${userId}:${key}`);
    return row ? { fingerprint: row.fingerprint, outcome: row.outcome } : null;
  }
  async claim(_tx: TransactionContext, userId: string, key: string, fingerprint: string): Promise<Claim> {
    const row = this.db.committed.get(`${userId}:${key}`);
    if (row) return { kind: 'known', record: { fingerprint: row.fingerprint, outcome: row.outcome } };
    const id = `${userId}:${key}`;
    this.pending!.set(id, { id, fingerprint, outcome: null });
    return { kind: 'claimed', id };
  }
  async complete(_tx: TransactionContext, id: string, outcome: StoredOutcome) {
    this.pending!.get(id)!.outcome = outcome;
  }
}

class MemoryUnitOfWork extends UnitOfWork {
  constructor(
    private readonly db: Database,
    private readonly store: MemoryStore,
  ) {
    super();
  }
  async run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    const effects = this.db.effects.length;
    try {
      return await work({ kind: 'transaction' });
    } catch (error) {
      this.db.effects.length = effects; // rolled back to the savepoint
      throw error;
    }
  }
  override async enclose<T>(body: (tx: TransactionContext) => Promise<T>): Promise<T> {
    const effects = this.db.effects.length;
    this.store.pending = new Map();
    let committed = false;
    try {
      const result = await body({ kind: 'transaction' });
      for (const [k, row] of this.store.pending) this.db.committed.set(k, row);
      committed = true;
      if (this.db.failCommit) {
        this.db.failCommit = false; // committed, but the connection broke before the answer to COMMIT arrived
        throw new Error('Connection terminated unexpectedly');
      }
      return result;
    } catch (error) {
      if (!committed) this.db.effects.length = effects;
      throw error;
    } finally {
      this.store.pending = undefined;
    }
  }
}

function setup(config: Partial<AppConfig> = {}) {
  const db = new Database();
  const store = new MemoryStore(db);
  const uow = new MemoryUnitOfWork(db, store);
  const faults = new FaultInjection({ faultInjection: false, ...config } as AppConfig, {} as never);
  return { db, store, interceptor: new IdempotencyInterceptor(store, uow, faults) };
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
  const request: Record<string, unknown> = { method: 'POST', originalUrl: path, body, headers: key === undefined ? {} : { 'idempotency-key': key }, user: { userId: 'u1' } };
  const ctx = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ExecutionContext;
  return { ctx, response, request };
}

describe('IdempotencyInterceptor (exactly once)', () => {
  /** A handler that writes one effect and answers `value`. */
  const handler = (db: Database, value: unknown) => {
    const calls = { n: 0 };
    const next: CallHandler = { handle: () => defer(() => (calls.n++, db.effects.push('moved'), of(value))) };
    return { next, calls };
  };

  it('runs once per key and replays status and body, with the key recorded in the effect\'s transaction', async () => {
    const { db, interceptor } = setup();
    const { next, calls } = handler(db, { id: 't1' });
    const first = context({ amount: '1.00' }, 'k');
    expect(await lastValueFrom(interceptor.intercept(first.ctx, next))).toEqual({ id: 't1' });
    expect(db.committed.get('u1:k')?.outcome).toEqual({ kind: 'response', statusCode: 201, body: { id: 't1' } });
    const second = context({ amount: '1.00' }, 'k');
    second.response.statusCode = 200;
    expect(await lastValueFrom(interceptor.intercept(second.ctx, next))).toEqual({ id: 't1' });
    expect(second.response.statusCode).toBe(201);
    expect(second.response.headers['Idempotent-Replayed']).toBe('true');
    expect(calls.n).toBe(1);
    expect(db.effects).toEqual(['moved']);
  });

  it('runs every time without a key, each run in one enclosing transaction', async () => {
    const { db, interceptor } = setup();
    const { next, calls } = handler(db, {});
    await lastValueFrom(interceptor.intercept(context({}).ctx, next));
    await lastValueFrom(interceptor.intercept(context({}).ctx, next));
    expect(calls.n).toBe(2);
    expect(db.committed.size).toBe(0);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for another body, and runs nothing', async () => {
    const { db, interceptor } = setup();
    const { next, calls } = handler(db, {});
    await lastValueFrom(interceptor.intercept(context({ amount: '1.00' }, 'k').ctx, next));
    await expect(lastValueFrom(interceptor.intercept(context({ amount: '2.00' }, 'k').ctx, next))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      kind: 'unprocessable',
    });
    expect(calls.n).toBe(1);
  });

  it('replays a final domain refusal (its effect rolled back, the refusal committed) but frees the key after a validation or server error', async () => {
    const { db, interceptor } = setup();
    const conflict: CallHandler = { handle: () => defer(() => (db.effects.push('half'), throwError(() => new DomainError('WALLET.INSUFFICIENT_FUNDS', 'Insufficient funds', 'conflict')))) };
    await expect(lastValueFrom(interceptor.intercept(context({ a: 1 }, 'c').ctx, conflict))).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    expect(db.effects).toEqual([]);
    const { next, calls } = handler(db, {});
    const again = context({ a: 1 }, 'c');
    await expect(lastValueFrom(interceptor.intercept(again.ctx, next))).rejects.toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS' });
    expect(again.response.headers['Idempotent-Replayed']).toBe('true');
    expect(calls.n).toBe(0);

    const invalid: CallHandler = { handle: () => throwError(() => new DomainError('VALIDATION_FAILED', 'bad', 'validation')) };
    await expect(lastValueFrom(interceptor.intercept(context({ a: 2 }, 'v').ctx, invalid))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(db.committed.has('u1:v')).toBe(false);
    const server: CallHandler = { handle: () => defer(() => (db.effects.push('half'), throwError(() => new Error('boom')))) };
    await expect(lastValueFrom(interceptor.intercept(context({ a: 3 }, 's').ctx, server))).rejects.toThrow('boom');
    expect(db.committed.has('u1:s')).toBe(false);
    expect(db.effects).toEqual([]);
  });

  it('answers from the committed key when the connection is lost at COMMIT, and a retry applies nothing', async () => {
    const { db, interceptor } = setup();
    const { next, calls } = handler(db, { id: 't9' });
    db.failCommit = true;
    const first = context({ amount: '9.00' }, 'lost');
    expect(await lastValueFrom(interceptor.intercept(first.ctx, next))).toEqual({ id: 't9' });
    expect(first.response.statusCode).toBe(201);
    expect(await lastValueFrom(interceptor.intercept(context({ amount: '9.00' }, 'lost').ctx, next))).toEqual({ id: 't9' });
    expect(calls.n).toBe(1);
    expect(db.effects).toEqual(['moved']);
  });

  it('rethrows at once a request that got no connection within the acquire timeout: nothing began, so it asks nothing of the key', async () => {
    for (const name of ['KnexTimeoutError']) {
      const { db, store, interceptor } = setup();
      const uow = (interceptor as unknown as { uow: UnitOfWork }).uow;
      jest.spyOn(uow, 'enclose').mockRejectedValueOnce(Object.assign(new Error('no connection'), { name }));
      const find = jest.spyOn(store, 'find');
      const { next, calls } = handler(db, { id: 't1' });
      await expect(lastValueFrom(interceptor.intercept(context({ amount: '1.00' }, `k-${name}`).ctx, next))).rejects.toMatchObject({ name });
      expect(find).toHaveBeenCalledTimes(1); // the look-up before the transaction, not the 3 tries after a lost COMMIT
      expect(calls.n).toBe(0);
    }
  });

  it('never runs again a key a version before exactly-once left without an outcome: 409 IDEMPOTENCY_KEY_IN_PROGRESS', async () => {
    const { db, interceptor } = setup();
    db.committed.set('u1:old', { id: 'u1:old', fingerprint: requestFingerprint('POST', '/api/wallet/deposit', { a: 1 }), outcome: null });
    const { next, calls } = handler(db, {});
    await expect(lastValueFrom(interceptor.intercept(context({ a: 1 }, 'old').ctx, next))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(calls.n).toBe(0);
  });

  it('refuses malformed keys (400) before anything runs', async () => {
    const { db, interceptor } = setup();
    const { next, calls } = handler(db, {});
    for (const key of ['', 'x'.repeat(256), 'with space']) {
      await expect(lastValueFrom(interceptor.intercept(context({}, key).ctx, next))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(calls.n).toBe(0);
  });

  it('gives the handler an operation reference: from the key (stable across retries, per user) or fresh', async () => {
    const { db, interceptor } = setup();
    const seen: unknown[] = [];
    const next: CallHandler = { handle: () => defer(() => of(seen.push(undefined))) };
    const keyed = context({}, 'k1');
    await lastValueFrom(interceptor.intercept(keyed.ctx, next));
    expect(keyed.request.operationRef).toBe(operationRef('u1', 'k1'));
    expect(operationRef('u1', 'k1')).toMatch(/^key:[0-9a-f]{40}$/);
    expect(operationRef('u2', 'k1')).not.toBe(operationRef('u1', 'k1'));
    const unkeyed = context({});
    await lastValueFrom(interceptor.intercept(unkeyed.ctx, next));
    expect(unkeyed.request.operationRef).toMatch(/^op:[0-9a-f-]{36}$/);
    expect(db.effects).toEqual([]);
  });

  it('fingerprints method, path and body, ignoring key order and a trailing slash', () => {
    const base = requestFingerprint('POST', '/api/wallet/withdraw', { amount: '1.00', destination: 'x' });
    expect(requestFingerprint('post', '/api/wallet/withdraw/', { destination: 'x', amount: '1.00' })).toBe(base);
    expect(requestFingerprint('POST', '/api/wallet/withdraw', { amount: '1.01', destination: 'x' })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/wallet/deposit', { amount: '1.00', destination: 'x' })).not.toBe(base);
  });
});
