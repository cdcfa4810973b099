/**
 * The use case owns the transaction. `run` executes `work` inside one database transaction:
 * it commits when `work` resolves and rolls back (leaving no trace) when it throws.
 * Adapters that need the transaction's connection read it from the context passed to `work`.
 */
export interface TransactionOptions {
  /** 'serializable' retries on serialization failures (SQLSTATE 40001/40P01) up to `retries` times. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  retries?: number;
}

export abstract class UnitOfWork {
  abstract run<T>(work: (tx: TransactionContext) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

/** Opaque handle on the current transaction; persistence adapters cast it to their own type. */
export interface TransactionContext {
  readonly kind: 'transaction';
}
