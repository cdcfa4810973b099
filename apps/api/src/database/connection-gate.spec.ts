import { runAsRequest } from '@mirrorline/shared';
import { ConnectionGate } from './connection-gate';
import { DatabaseAnswers } from './database-answers';
import { WORKER_CONNECTIONS } from '../config/load-config';

/** A knex client stand-in: hands out numbered connections whose socket records being destroyed. */
function fakeClient() {
  let n = 0;
  const destroyed: number[] = [];
  const client = {
    acquireConnection: async () => {
      const id = ++n;
      return { id, connection: { stream: { destroy: () => destroyed.push(id) } } };
    },
    releaseConnection: async (_connection?: unknown) => undefined,
  };
  return { client, destroyed };
}

function gate(poolSize: number, acquireMs = 60_000, shedMs = 0) {
  const answers = new DatabaseAnswers();
  const g = new ConnectionGate({} as never, { dbPoolSize: poolSize, dbAcquireTimeoutMs: acquireMs, dbQueueShedMs: shedMs, dbStatementTimeoutMs: 5_000 }, answers);
  const { client, destroyed } = fakeClient();
  g.install(client as never);
  const asRequest = () => runAsRequest(() => client.acquireConnection());
  return { g, client, destroyed, asRequest, answers };
}

describe('ConnectionGate', () => {
  it('lets requests hold DB_POOL_SIZE − WORKER_CONNECTIONS connections; the next waits its turn; workers are never held up', async () => {
    const { g, client, asRequest } = gate(WORKER_CONNECTIONS + 2);
    const a = await asRequest();
    await asRequest();
    expect(g.heldByRequests).toBe(2);
    let third: unknown = null;
    const waiting = asRequest().then((c) => (third = c));
    // A worker (outside any request) still gets one at once.
    const worker = await client.acquireConnection();
    expect(worker).toBeDefined();
    await Promise.resolve();
    expect(third).toBeNull();
    await client.releaseConnection(a as never);
    await waiting;
    expect(third).not.toBeNull();
    expect(g.heldByRequests).toBe(2);
    await client.releaseConnection(worker as never);
    expect(g.heldByRequests).toBe(2);
  });

  it('answers a request that waited past DB_ACQUIRE_TIMEOUT_MS with the pool timeout (a 503)', async () => {
    const { asRequest } = gate(WORKER_CONNECTIONS + 1, 20);
    await asRequest();
    await expect(asRequest()).rejects.toMatchObject({ name: 'KnexTimeoutError', message: expect.stringMatching(/^Timeout acquiring a connection/) });
  });

  it('is overloaded while the head of the line has waited past DB_QUEUE_SHED_MS (admission then sheds new requests); a request already in line still gets its turn', async () => {
    let now = 1_000;
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const { g, client, asRequest } = gate(WORKER_CONNECTIONS + 1, 60_000, 250);
      const held = await asRequest();
      expect(g.overloaded()).toBe(false); // nobody waits
      const first = asRequest(); // the head of the line from t = 1000
      now += 250;
      expect(g.overloaded()).toBe(false); // waited 250 ms, not more
      const second = asRequest(); // an admitted request's next statement joins the line whatever its length
      now += 1;
      expect(g.overloaded()).toBe(true);
      await client.releaseConnection(held as never);
      // The head is served: the new head (second) has waited 1 ms.
      const a = await first;
      expect(g.overloaded()).toBe(false);
      await client.releaseConnection(a as never);
      await client.releaseConnection((await second) as never);
      expect(g.heldByRequests).toBe(0);
    } finally {
      clock.mockRestore();
    }
  });

  it('is never overloaded with DB_QUEUE_SHED_MS=0', async () => {
    let now = 1_000;
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const { g, client, asRequest } = gate(WORKER_CONNECTIONS + 1, 60_000, 0);
      const held = await asRequest();
      const first = asRequest();
      now += 60_000;
      expect(g.overloaded()).toBe(false);
      await client.releaseConnection(held as never);
      await client.releaseConnection((await first) as never);
    } finally {
      clock.mockRestore();
    }
  });

  it('on fail() after DB_STATEMENT_TIMEOUT_MS of silence: ends the queries in flight (sockets destroyed), refuses requests at once, and recovers', async () => {
    const { g, client, destroyed, asRequest, answers } = gate(WORKER_CONNECTIONS + 1);
    const first = await asRequest();
    const worker = (await client.acquireConnection()) as { id: number };
    const waiting = asRequest();
    // Nothing answered for less than the statement timeout: a busy host, not a dead server; nothing is ended.
    const now = Date.now();
    answers.answered(now);
    g.recovered(now - 60_000); // the last ping answered a minute ago: the statements' answers count
    g.fail('query timeout', now + 3_000);
    expect(destroyed).toEqual([]);
    expect(g.answeredWithin(1_500, now + 1_000)).toBe(true);
    expect(g.answeredWithin(1_500, now + 3_000)).toBe(false);
    g.fail('query timeout', now + 5_000);
    expect(destroyed.sort()).toEqual([1, worker.id].sort());
    await expect(waiting).rejects.toMatchObject({ code: '08006' });
    await expect(asRequest()).rejects.toMatchObject({ code: '08006' });
    g.recovered();
    // knex releases the broken connection (the pool then destroys it): its place goes to the next request.
    await client.releaseConnection(first as never);
    expect(g.heldByRequests).toBe(0);
    await expect(asRequest()).resolves.toBeDefined();
  });
});
