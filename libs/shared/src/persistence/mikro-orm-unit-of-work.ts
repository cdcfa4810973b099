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

/**
 * Runs `callback` once the transaction `tx` has committed: work that must not be undone with the
 * transaction and must not delay it, such as waking a worker that reads what the transaction wrote.
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

@Injectable()
export class MikroOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async run<T>(work: (tx: TransactionContext) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const retries = options.retries ?? (options.isolation === 'serializable' ? 8 : 2);
    for (let attempt = 0; ; attempt++) {
      // A fresh list per attempt: hooks of an attempt that rolled back are dropped with it.
      const committed: Array<() => void> = [];
      try {
        const result = await this.em.fork().transactional((em) => work({ kind: 'transaction', em, committed } as MikroOrmTransaction), {
          isolationLevel: ISOLATION[options.isolation ?? 'read committed'],
        });
        for (const hook of committed) {
          try {
            hook();
          } catch (error) {
            process.stderr.write(`after-commit hook failed: ${(error as Error).message}\n`);
          }
        }
        return result;
      } catch (error) {
        const state = sqlStateOf(error);
        if (!state || !RETRYABLE.has(state) || attempt >= retries) throw error;
        // Back off with jitter so that racing transactions do not collide again in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      }
    }
  }
}
