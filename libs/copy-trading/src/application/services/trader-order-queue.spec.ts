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
});
