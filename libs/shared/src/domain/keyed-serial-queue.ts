/**
 * Runs the tasks of one key one after another, in the order they arrived (first in, first out), and tasks of
 * different keys side by side, in this process. A task waits in memory, not on a database lock, and holds no
 * connection while it waits. With `maxPending`, a task that finds that many of its key already waiting or
 * running is refused at once with `full()`'s error.
 */
export class KeyedSerialQueue {
  private readonly queues = new Map<string, { tail: Promise<void>; pending: number }>();

  constructor(private readonly options: { maxPending?: number; full?: () => Error } = {}) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let queue = this.queues.get(key);
    const { maxPending, full } = this.options;
    if (queue && maxPending !== undefined && queue.pending >= maxPending) return Promise.reject(full ? full() : new Error('queue full'));
    if (!queue) this.queues.set(key, (queue = { tail: Promise.resolve(), pending: 0 }));
    const entry = queue;
    entry.pending++;
    // Whatever the task before did (succeeded or threw), this one runs after it.
    const result = entry.tail.then(() => task());
    entry.tail = result.then(
      () => this.done(key, entry),
      () => this.done(key, entry),
    );
    return result;
  }

  /** Tasks of `key` waiting or running. */
  pending(key: string): number {
    return this.queues.get(key)?.pending ?? 0;
  }

  private done(key: string, entry: { pending: number }): void {
    entry.pending--;
    if (entry.pending === 0 && this.queues.get(key) === entry) this.queues.delete(key);
  }
}
