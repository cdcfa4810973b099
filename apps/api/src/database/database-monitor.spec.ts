import { createServer, type Server, type Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import { DatabaseMonitor } from './database-monitor';

/**
 * The ping's bound is DB_PING_TIMEOUT_MS (the specs' apps raise it: on a loaded machine two slow pings in a row
 * must not answer every request 503). A server that accepts connections and never answers (a frozen PostgreSQL)
 * trips the monitor after two pings past the bound, not before; the clock is Jest's, so the machine's speed plays no part.
 */
describe('DatabaseMonitor: the ping timeout is DB_PING_TIMEOUT_MS', () => {
  let server: Server;
  let url: string;
  const sockets: Socket[] = [];
  const monitors: DatabaseMonitor[] = [];

  beforeAll(async () => {
    Logger.overrideLogger(false); // the monitor's "Database unavailable" lines are what the spec expects
    server = createServer((socket) => void sockets.push(socket)); // reads the startup message, never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    url = `postgres://nobody:nothing@127.0.0.1:${address.port}/none`;
  });
  afterEach(async () => {
    jest.useRealTimers();
    for (const m of monitors.splice(0)) await m.onApplicationShutdown();
    for (const s of sockets.splice(0)) s.destroy();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const busy = (m: DatabaseMonitor) => (m as unknown as { busy: boolean }).busy;

  /** One tick driven by check(), with the fake clock moved `ms` forward (the socket's own I/O stays real). */
  async function tick(m: DatabaseMonitor, ms: number): Promise<void> {
    m.check();
    // the connection to the silent server is real: let it open before the clock moves
    for (let i = 0; i < 100 && sockets.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    await jest.advanceTimersByTimeAsync(ms);
  }

  function monitor(pingTimeoutMs?: number): DatabaseMonitor {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const m = new DatabaseMonitor(url, undefined, pingTimeoutMs === undefined ? undefined : { dbPingTimeoutMs: pingTimeoutMs });
    monitors.push(m);
    return m;
  }

  it('a configured 10 s bound: pings still waiting past 1.5 s do not count; two past 10 s trip it', async () => {
    const m = monitor(10_000);
    await tick(m, 5_000);
    expect(busy(m)).toBe(true); // still waiting for its answer, nothing counted
    expect(m.available).toBe(true);
    await jest.advanceTimersByTimeAsync(5_100);
    expect(busy(m)).toBe(false);
    expect(m.available).toBe(true); // one timeout is not enough
    await tick(m, 10_100);
    expect(m.available).toBe(false);
    expect(m.unavailableReason).toMatch(/timeout/);
  });

  it('without one, the production bound of 1.5 s', async () => {
    const m = monitor();
    await tick(m, 1_600);
    expect(busy(m)).toBe(false);
    expect(m.available).toBe(true);
    await tick(m, 1_600);
    expect(m.available).toBe(false);
    expect(m.unavailableReason).toMatch(/timeout/);
  });
});
