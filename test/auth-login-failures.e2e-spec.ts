import { Clock } from '@mirrorline/shared';
import { createTestApp, type TestApp } from './support/test-app';

const MINUTE = 60_000;

/**
 * login_failures stays bounded: sign-in attempts on ever new unknown emails leave one row each, and
 * the per-email cleanup only ever looks at the email being tried. A sweep of every email's expired
 * rows runs with a sign-in at most once a minute per instance.
 */
describe('auth: login_failures is swept of expired rows of every email', () => {
  let t: TestApp;
  let offsetMs = 0;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + offsetMs));
  });
  afterAll(() => t.close());

  let ipSeq = 0;
  const attempt = (email: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', `10.88.0.${++ipSeq}`).send({ email, password: 'not the password' }).expect(401);
  const count = async (where: string, params: unknown[] = []) =>
    Number((await t.sql<{ n: string }>(`SELECT count(*) AS n FROM login_failures WHERE ${where}`, params))[0].n);
  const insertStale = (prefix: string, n: number, ageMs: number) =>
    t.sql(
      `INSERT INTO login_failures (email, failed_at)
       SELECT ? || g || '@example.test', now() - make_interval(secs => ?) FROM generate_series(1, ?) AS g`,
      [prefix, ageMs / 1000, n],
    );

  it('distinct unknown emails do not grow the table past one window', async () => {
    // 200 attempts on distinct emails, 16 minutes ago (outside the 15-minute window), and one recent failure.
    await insertStale('stale-a-', 200, 16 * MINUTE);
    await insertStale('recent-', 1, 60_000);
    await attempt('someone-new@example.test');
    expect(await count("email LIKE 'stale-a-%'")).toBe(0);
    // Rows still inside the window are kept (they still count against their email).
    expect(await count("email LIKE 'recent-%'")).toBe(1);
    // Keys are per (client, email) pair and per client now (product.md §10).
    expect(await count("email LIKE 'pair:%|someone-new@example.test'")).toBe(1);
  });

  it('at most one sweep a minute: the next one comes with the first sign-in a minute later', async () => {
    await insertStale('stale-b-', 50, 16 * MINUTE);
    await attempt('second@example.test');
    expect(await count("email LIKE 'stale-b-%'")).toBe(50);
    offsetMs = 61_000;
    await attempt('third@example.test');
    expect(await count("email LIKE 'stale-b-%'")).toBe(0);
  });
});
