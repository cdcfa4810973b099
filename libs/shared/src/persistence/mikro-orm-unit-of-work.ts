import { Injectable } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/postgresql';
import { TransactionContext, TransactionOptions, UnitOfWork } from '../domain/unit-of-work';

export interface MikroOrmTransaction extends TransactionContext {
  readonly em: EntityManager;
}

/** The EntityManager of the transaction a use case opened; adapters do all their work through it. */
export function emOf(tx: TransactionContext): EntityManager {
  return (tx as MikroOrmTransaction).em;
}

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, IsolationLevel> = {
  'read committed': IsolationLevel.READ_COMMITTED,
  'repeatable read': IsolationLevel.REPEATABLE_READ,
  serializable: IsolationLevel.SERIALIZABLE,
};

export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; sqlState?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.sqlState ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

@Injectable()
export class MikroOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async run<T>(work: (tx: TransactionContext) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const retries = options.retries ?? (options.isolation === 'serializable' ? 8 : 2);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.em.fork().transactional((em) => work({ kind: 'transaction', em } as MikroOrmTransaction), {
          isolationLevel: ISOLATION[options.isolation ?? 'read committed'],
        });
      } catch (error) {
        const state = sqlStateOf(error);
        if (!state || !RETRYABLE.has(state) || attempt >= retries) throw error;
        // Back off with jitter so that racing transactions do not collide again in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      }
    }
  }
}
