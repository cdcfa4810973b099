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

function gate(poolSize: number, acquireMs = 60_000) {
  const answers = new DatabaseAnswers();
  const g = new ConnectionGate({} as never, { dbPoolSize: poolSize, dbAcquireTimeoutMs: acquireMs, dbStatementTimeoutMs: 5_000 }, answers);
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
