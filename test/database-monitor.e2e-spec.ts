import { DatabaseMonitor } from '../apps/api/src/database/database-monitor';
import { freePort } from './support/free-port';

/** Keeps this process's event loop busy for `ms`, as a burst of uploads or a long GC would. */
function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer, no socket is served meanwhile
  }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

/**
 * The database monitor (apps/api/src/database/database-monitor.ts) against the real PostgreSQL of the run:
 * a process that was itself too busy to read the answer in time does not take the database for down (before,
 * two such pings in a row answered every API request 503 for a second; the likely cause of a 503 seen once in
 * test/security-kyc-upload.e2e-spec.ts under a full run's load), and a database that really does not answer
 * still is.
 */
describe('database monitor: a busy process is not a database that is down', () => {
  const monitors: DatabaseMonitor[] = [];
  afterEach(async () => {
    for (const m of monitors.splice(0)) await m.onApplicationShutdown();
  });

  /** A monitor whose ticks the spec drives through check() (its own 1 s timer is not started). */
  function monitor(url: string): DatabaseMonitor {
    const m = new DatabaseMonitor(url);
    monitors.push(m);
    return m;
  }
  const idle = (m: DatabaseMonitor) => !(m as unknown as { busy: boolean }).busy;

  it('a ping answered while the event loop was blocked past the ping timeout counts as answered, tick after tick', async () => {
    const m = monitor(process.env.TEST_DATABASE_URL!);
    m.check(); // connects and pings once
    await waitFor('the first ping', () => idle(m));
    expect(m.available).toBe(true);
    // twice: two such pings in a row were what answered the API 503 (each block costs this worker 2 s of CPU)
    for (let i = 0; i < 2; i++) {
      m.check(); // sends SELECT 1 on the open connection at once
      blockEventLoop(2_000); // past the 1.5 s ping timeout: its timer and the answer are both waiting now
      await waitFor('the ping to settle', () => idle(m));
      expect({ tick: i, available: m.available, reason: m.unavailableReason }).toEqual({ tick: i, available: true, reason: '' });
    }
  });

  it('a database that refuses connections is unavailable at the first failed ping, with the reason', async () => {
    const m = monitor(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`);
    m.check();
    await waitFor('the failed ping', () => idle(m));
    expect(m.available).toBe(false);
    expect(m.unavailableReason).toMatch(/refused/);
  });
});
