/**
 * The use case owns the transaction. `run` executes `work` inside one database transaction:
 * it commits when `work` resolves and rolls back (leaving no trace) when it throws.
 * Adapters that need the transaction's connection read it from the context passed to `work`.
 */
export interface TransactionOptions {
  /** 'serializable' retries on serialization failures (SQLSTATE 40001/40P01) up to `retries` times. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  retries?: number;
  /**
   * Commit on its own even inside an enclosing transaction (`enclose`): for records that must outlive the
   * request's failure, such as a security counter of wrong codes (a rollback would hand out free tries).
   */
  standalone?: boolean;
}

export abstract class UnitOfWork {
  abstract run<T>(work: (tx: TransactionContext) => Promise<T>, options?: TransactionOptions): Promise<T>;

  /**
   * Runs a whole request inside ONE transaction (product.md §11.2, exactly once): every `run` inside `body`
   * joins it (as a savepoint, so a use case's failure can be rolled back alone), and the after-commit work of
   * all of them waits for its commit. The idempotency record of a money-moving request is written in it, beside
   * the effect, so the two commit together or not at all. Fakes run `body` as one `run`.
   */
  enclose<T>(body: (tx: TransactionContext) => Promise<T>): Promise<T> {
    return this.run(body);
  }
}

/** Opaque handle on the current transaction; persistence adapters cast it to their own type. */
export interface TransactionContext {
  readonly kind: 'transaction';
}
