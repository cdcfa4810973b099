import { KeyedSerialQueue } from './keyed-serial-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('KeyedSerialQueue', () => {
  it('runs one key first in, first out, one at a time; other keys side by side', async () => {
    const queue = new KeyedSerialQueue();
    const log: string[] = [];
    const gate = deferred();
    const a1 = queue.run('a', async () => {
      log.push('a1 start');
      await gate.promise;
      log.push('a1 end');
    });
    const a2 = queue.run('a', async () => void log.push('a2'));
    const b1 = queue.run('b', async () => void log.push('b1'));
    await b1;
    expect(log).toEqual(['a1 start', 'b1']);
    expect(queue.pending('a')).toBe(2);
    gate.resolve();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
    expect(queue.pending('a')).toBe(0);
  });

  it('a task that throws does not stop the ones behind it, and its caller gets its error', async () => {
    const queue = new KeyedSerialQueue();
    const failed = queue.run('k', async () => {
      throw new Error('boom');
    });
    const next = queue.run('k', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  it('refuses a task at once when maxPending of its key are waiting or running, and takes it again once one is done', async () => {
    const queue = new KeyedSerialQueue({ maxPending: 2, full: () => new Error('full') });
    const gate = deferred();
    const first = queue.run('k', () => gate.promise);
    const second = queue.run('k', async () => undefined);
    await expect(queue.run('k', async () => undefined)).rejects.toThrow('full');
    await expect(queue.run('other', async () => 'ok')).resolves.toBe('ok');
    gate.resolve();
    await Promise.all([first, second]);
    await expect(queue.run('k', async () => 'again')).resolves.toBe('again');
  });
});
