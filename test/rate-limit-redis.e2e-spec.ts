import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { RATE_LIMITS } from '@mirrorline/auth';
import { eventually } from './support/eventually';
import { freePort } from './support/free-port';
import { createTestApp, type TestApp } from './support/test-app';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** With REDIS_URL, several API instances share one rate-limit count (a real redis-server, started here). */
describe('rate limits in Redis (REDIS_URL)', () => {
  let redis: ChildProcess;
  let url: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    if (!existsSync(REDIS_SERVER)) {
      throw new Error(`redis-server is missing at ${REDIS_SERVER}: npm test installs it with apt-get (package redis-server) when run as root`);
    }
    const port = await freePort();
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await eventually(() => probe.connect().then(() => probe.ping()).then(() => true, () => false), { intervalMs: 100, what: `redis-server answering on ${url}` });
    probe.disconnect();
    a = await createTestApp({ REDIS_URL: url });
    b = await createTestApp({ REDIS_URL: url });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.kill('SIGTERM');
  });

  it('counts requests to both instances against one limit and answers 429 past it', async () => {
    const limit = RATE_LIMITS['otp-send'].limit;
    for (let i = 0; i < limit; i++) {
      const app = i % 2 === 0 ? a : b;
      await app.http().post('/api/auth/createnewotp').send({ email: `nobody${i}@example.test` }).expect(200);
    }
    const refused = await b.http().post('/api/auth/createnewotp').send({ email: 'one-more@example.test' }).expect(429);
    expect(refused.body.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const alsoRefused = await a.http().post('/api/auth/createnewotp').send({ email: 'and-another@example.test' }).expect(429);
    expect(alsoRefused.body.statusCode).toBe(429);

    const client = new Redis(url);
    try {
      expect((await client.keys('*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});
