import { MAX_QUEUED_ORDERS_PER_TRADER, TraderOrderQueue } from './trader-order-queue';

describe('TraderOrderQueue', () => {
  it(`runs one trader's orders one at a time in arrival order; past ${MAX_QUEUED_ORDERS_PER_TRADER} waiting, 429 TRADE.TOO_MANY_ORDERS with Retry-After`, async () => {
    const queue = new TraderOrderQueue();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: number[] = [];
    const accepted = Array.from({ length: MAX_QUEUED_ORDERS_PER_TRADER }, (_, i) =>
      queue.run(7, async () => {
        if (i === 0) await held;
        order.push(i);
      }),
    );
    await expect(queue.run(7, async () => undefined)).rejects.toMatchObject({ code: 'TRADE.TOO_MANY_ORDERS', kind: 'too_many_requests', details: { retryAfterSeconds: 1 } });
    // another trader is not held up
    await expect(queue.run(8, async () => 'other trader')).resolves.toBe('other trader');
    release();
    await Promise.all(accepted);
    expect(order).toEqual(Array.from({ length: MAX_QUEUED_ORDERS_PER_TRADER }, (_, i) => i));
  });

  describe("an order request's wait (ADMISSION_TARGET_MS)", () => {
    /** A queue on a clock the test moves, and an order of `user` that takes `ms` on it. */
    const setup = (admissionTargetMs: number) => {
      const queue = new TraderOrderQueue({ admissionTargetMs });
      let now = 0;
      queue.now = () => now;
      const timed = (user: string, ms: number) => queue.runRequest(user, async () => void (now += ms));
      const held = (user: string) => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        return { done: queue.runRequest(user, () => gate), release };
      };
      return { queue, timed, held };
    };

    it('turns an order away with 503 + Retry-After at once when the orders ahead of it would take longer than the target', async () => {
      const { queue, timed, held } = setup(500);
      await timed('u1', 200); // u1's orders take 200 ms
      const running = held('u1');
      const second = timed('u1', 200); // 1 ahead
      const third = timed('u1', 200); // 2 ahead × 200 ms: waits
      expect(queue.pendingRequests('u1')).toBe(3);
      await expect(timed('u1', 200)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', kind: 'service_unavailable', details: { retryAfterSeconds: 1 } });
      expect(queue.pendingRequests('u1')).toBe(3); // the refused one never joined the line
      // another sender's line is its own, and a sender with no order time yet is never refused
      const other = held('u2');
      await expect(Promise.race([timed('u2', 10).then(() => 'ran'), Promise.resolve('queued')])).resolves.toBe('queued');
      other.release();
      running.release();
      await Promise.all([running.done, second, third, other.done]);
      // once the line is short again, orders are taken
      await expect(timed('u1', 200)).resolves.toBeUndefined();
    });

    it('always lets one order wait behind the one running, however long an order takes', async () => {
      const { queue, timed, held } = setup(500);
      await timed('big', 5_000); // a trader with a large following: 5 s an order
      const running = held('big');
      const second = timed('big', 5_000);
      expect(queue.pendingRequests('big')).toBe(2);
      await expect(timed('big', 5_000)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      running.release();
      await Promise.all([running.done, second]);
    });

    it('follows the average order time: faster orders let more wait', async () => {
      const { timed, held } = setup(500);
      for (let i = 0; i < 10; i++) await timed('u1', 100);
      const running = held('u1');
      // 1 to 5 orders ahead × 100 ms: at most the 500 ms target, all wait
      const waiting = Array.from({ length: 5 }, () => timed('u1', 100));
      await expect(timed('u1', 100)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' }); // 6 ahead: 600 ms
      running.release();
      await Promise.all([running.done, ...waiting]);
    });

    it('never refuses for the wait when the target is 0 (off), however slow the orders', async () => {
      const { queue, timed, held } = setup(0);
      await timed('u1', 60_000);
      const running = held('u1');
      const waiting = Array.from({ length: 10 }, () => timed('u1', 60_000));
      expect(queue.pendingRequests('u1')).toBe(11);
      running.release();
      await Promise.all([running.done, ...waiting]);
    });
  });
});
