import { hash } from '@node-rs/argon2';
import { PasswordHasher } from '@mirrorline/auth';
import { Mailer } from '@mirrorline/mail';
import { captureMails } from '@mirrorline/mail/testing';
import { type InMemoryMailer } from '@mirrorline/mail/testing';
import { eventually } from './support/eventually';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';

/**
 * Issue 11, "Targeted lockout": five wrong passwords from anywhere locked any account (admins included)
 * for 15 minutes, even against the right password, and interrupted logins with the right password counted
 * as failures. product.md §10: per (email, client) and per client, completed failures only, and an
 * account-wide bound of 100 past which a mailed code (step-up) lets the owner in.
 */
describe('security: login throttling (product.md §10)', () => {
  let t: TestApp;
  let outbox: InMemoryMailer;
  const PASSWORD = 'the-right-password';
  let passwordHash: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    outbox = captureMails(t.app.get(Mailer));
    passwordHash = await hash(PASSWORD, { algorithm: 2 });
  });
  afterAll(() => t.close());
  const login = (email: string, password: string, ip: string, code?: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send(code ? { email, password, code } : { email, password });

  it('the attack as it was made: five wrong passwords from an attacker no longer lock out the owner (an admin)', async () => {
    const admin = await createUser(t, { roles: ['User', 'Admin'], passwordHash });
    for (let i = 0; i < 5; i++) await login(admin.email, 'wrong-password', '203.0.113.66').expect(401);
    await login(admin.email, PASSWORD, '203.0.113.66').expect(429);
    await login(admin.email, PASSWORD, '198.51.100.7').expect(200);
  });

  it('interrupted attempts with the right password never count (the shutdown that locked a user out)', async () => {
    const user = await createUser(t, { passwordHash });
    const hasher = t.app.get(PasswordHasher);
    const verify = hasher.verify.bind(hasher);
    // The password check never finishes (the process is going down): the requests are dropped mid-flight.
    const spy = jest.spyOn(hasher, 'verify').mockImplementation(() => new Promise<boolean>(() => undefined));
    for (let i = 0; i < 6; i++) {
      await login(user.email, PASSWORD, '192.0.2.44')
        .timeout(300)
        .catch(() => undefined);
    }
    spy.mockImplementation(verify);
    const failures = await t.sql<{ n: string }>("SELECT count(*)::text AS n FROM login_failures WHERE email LIKE ?", [`%${user.email}`]);
    expect(failures[0].n).toBe('0');
    await login(user.email, PASSWORD, '192.0.2.45').expect(200);
    spy.mockRestore();
  });

  it('concurrent correct logins of one user are all accepted', async () => {
    const user = await createUser(t, { passwordHash });
    const results = await Promise.all(Array.from({ length: 6 }, () => login(user.email, PASSWORD, '192.0.2.50')));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
  });

  it('per client address: a password spray over many emails from one address is limited', async () => {
    for (let i = 0; i < 50; i++) await login(`spray-${i}@example.test`, 'wrong-password', '203.0.113.99').expect(401);
    await login('spray-next@example.test', 'wrong-password', '203.0.113.99').expect(429);
    await login('spray-next@example.test', 'wrong-password', '203.0.113.100').expect(401);
  });

  it('past 100 consecutive failures the right password needs the code mailed to the account (step-up), and then works', async () => {
    const user = await createUser(t, { passwordHash });
    for (let i = 0; i < 100; i++) await login(user.email, 'wrong-password', `10.${Math.floor(i / 4)}.0.${i % 4}`).expect(401);
    const refused = await login(user.email, PASSWORD, '10.200.0.1');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('AUTH.STEP_UP_REQUIRED');
    const code = await eventually(() => (outbox.to(user.email).length ? outbox.lastCodeFor(user.email) : undefined), { what: 'the step-up code mailed' });
    // The code alone is not enough: a wrong password with it gets the same answer as without it.
    const withCode = await login(user.email, 'wrong-password', '10.200.0.2', code).expect(403);
    expect(withCode.body).toEqual(refused.body);
    await login(user.email, PASSWORD, '10.200.0.1', code).expect(200);
    // The count starts again: the next sign-in needs no code.
    await login(user.email, PASSWORD, '10.200.0.1').expect(200);
  });

  it('the attack as it was made (issue 26): past the bound the right and the wrong password get the same answer; the code goes out only for the right one', async () => {
    const user = await createUser(t, { passwordHash });
    const [row] = await t.sql<{ id: string }>('SELECT id FROM users WHERE email = ?', [user.email]);
    await t.sql('INSERT INTO login_account_failures (user_id, consecutive) VALUES (?, 100) ON CONFLICT (user_id) DO UPDATE SET consecutive = 100', [row.id]);
    const mailsTo = () => outbox.to(user.email).length;

    const wrong = await login(user.email, 'wrong-password', '10.201.0.1');
    expect(mailsTo()).toBe(0);
    const right = await login(user.email, PASSWORD, '10.201.0.1');
    expect(mailsTo()).toBe(1);
    const strip = (res: { status: number; body: unknown; headers: Record<string, string> }) => ({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] });
    expect(strip(wrong)).toEqual(strip(right));
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('AUTH.STEP_UP_REQUIRED');

    // Five more wrong guesses from the same address: no pair lock tells them from right ones either.
    for (let i = 0; i < 5; i++) expect(strip(await login(user.email, `guess-${i}`, '10.201.0.1'))).toEqual(strip(right));
    expect(strip(await login(user.email, PASSWORD, '10.201.0.1'))).toEqual(strip(right));
    // A wrong code with the right password: the same answer again (no oracle on the code's state either).
    const code = outbox.lastCodeFor(user.email);
    expect(strip(await login(user.email, PASSWORD, '10.201.0.1', code === '000000' ? '111111' : '000000'))).toEqual(strip(right));
    await login(user.email, PASSWORD, '10.201.0.1', outbox.lastCodeFor(user.email)).expect(200);
  });
});
