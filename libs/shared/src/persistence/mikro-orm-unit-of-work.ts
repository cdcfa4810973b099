import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/postgresql';
import { TransactionContext, TransactionOptions, UnitOfWork } from '../domain/unit-of-work';
import { sqlStateOf } from './sql-state';

export interface MikroOrmTransaction extends TransactionContext {
  readonly em: EntityManager;
  /** Callbacks to run once this transaction has committed (never after a rollback or a retried attempt). */
  readonly committed?: Array<() => void>;
}

/** The EntityManager of the transaction a use case opened; adapters do all their work through it. */
export function emOf(tx: TransactionContext): EntityManager {
  return (tx as MikroOrmTransaction).em;
}

/** The transaction's EntityManager, or a fresh fork for reads outside any transaction (`tx: null`). */
export function executorOf(em: EntityManager, tx: TransactionContext | null): EntityManager {
  return tx ? emOf(tx) : em.fork();
}

/**
 * Runs `callback` once the transaction `tx` has committed: work that must not be undone with the
 * transaction and must not delay it, such as waking a worker that reads what the transaction wrote.
 * Inside an enclosing transaction (`UnitOfWork.enclose`) that is the enclosing one's commit.
 * A callback that throws is reported on stderr; the committed transaction stands.
 */
export function afterCommit(tx: TransactionContext, callback: () => void): void {
  const hooks = (tx as MikroOrmTransaction).committed;
  if (!hooks) throw new Error('afterCommit needs a transaction opened by MikroOrmUnitOfWork');
  hooks.push(callback);
}

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, IsolationLevel> = {
  'read committed': IsolationLevel.READ_COMMITTED,
  'repeatable read': IsolationLevel.REPEATABLE_READ,
  serializable: IsolationLevel.SERIALIZABLE,
};

type Enclosing = MikroOrmTransaction & { committed: Array<() => void> };
/**
 * The innermost transaction open in this async context under `enclose` (the request's transaction, or a savepoint
 * of it): every `run` inside it nests there.
 */
const enclosing = new AsyncLocalStorage<Enclosing>();

function runHooks(hooks: Array<() => void>): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      process.stderr.write(`after-commit hook failed: ${(error as Error).message}\n`);
    }
  }
}

const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));

@Injectable()
export class MikroOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async run<T>(work: (tx: TransactionContext) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = options.standalone ? undefined : enclosing.getStore();
    if (outer) return this.nested(outer, work, options);
    const retries = options.retries ?? (options.isolation === 'serializable' ? 8 : 2);
    for (let attempt = 0; ; attempt++) {
      // A fresh list per attempt: hooks of an attempt that rolled back are dropped with it.
      const committed: Array<() => void> = [];
      try {
        // A standalone transaction inside an enclosing one must not inherit it: `enclosing.exit` hides it.
        const result = await enclosing.exit(() =>
          this.em.fork().transactional((em) => work({ kind: 'transaction', em, committed } as MikroOrmTransaction), {
            isolationLevel: ISOLATION[options.isolation ?? 'read committed'],
          }),
        );
        runHooks(committed);
        return result;
      } catch (error) {
        const state = sqlStateOf(error);
        if (!state || !RETRYABLE.has(state) || attempt >= retries) throw error;
        // Back off with jitter so that racing transactions do not collide again in lockstep.
        await backOff(attempt);
      }
    }
  }

  /**
   * A use case inside the request's enclosing transaction: a savepoint of the innermost transaction open in this
   * async context (knex queues a parent's queries while a savepoint of it runs, so nesting must go through the
   * innermost one), so that the use case's failure rolls back its own work only and a deadlock can be retried
   * from the savepoint. Its after-commit hooks join the enclosing transaction's once the savepoint is released.
   */
  private async nested<T>(current: Enclosing, work: (tx: TransactionContext) => Promise<T>, options: TransactionOptions): Promise<T> {
    const retries = options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      const committed: Array<() => void> = [];
      try {
        const result = await current.em.transactional((em) => {
          const tx: Enclosing = { kind: 'transaction', em, committed };
          return enclosing.run(tx, () => work(tx));
        });
        current.committed.push(...committed);
        return result;
      } catch (error) {
        const state = sqlStateOf(error);
        if (!state || !RETRYABLE.has(state) || attempt >= retries) throw error;
        await backOff(attempt);
      }
    }
  }

  override async enclose<T>(body: (tx: TransactionContext) => Promise<T>): Promise<T> {
    if (enclosing.getStore()) throw new Error('enclose: already inside an enclosing transaction');
    for (let attempt = 0; ; attempt++) {
      const committed: Array<() => void> = [];
      try {
        const result = await this.em.fork().transactional((em) => {
          const tx: Enclosing = { kind: 'transaction', em, committed };
          return enclosing.run(tx, () => body(tx));
        });
        runHooks(committed);
        return result;
      } catch (error) {
        const state = sqlStateOf(error);
        if (!state || !RETRYABLE.has(state) || attempt >= 2) throw error;
        await backOff(attempt);
      }
    }
  }
}
