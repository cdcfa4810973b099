import { Logger, PinoLogger } from 'nestjs-pino';
import { type Logger as Pino, symbols } from 'pino';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser } from './support/users';

/**
 * The pino instance every line of the app goes through: the app's nestjs-pino Logger logs through
 * it outside requests, and per-request loggers are its children (same stream, level inherited).
 * nestjs-pino sets PinoLogger.root when it creates the pino-http middleware itself; with an existing
 * pino-http logger (bootstrap.ts), the Logger's out-of-context logger is that logger.
 */
function appPino(t: TestApp): Pino {
  const viaLogger = (t.app.get(Logger) as unknown as { logger?: { logger?: Pino } }).logger?.logger;
  const pino = viaLogger ?? (PinoLogger as unknown as { root?: Pino }).root;
  if (!pino) throw new Error("cannot reach the app's pino logger");
  return pino;
}

/**
 * Nothing secret reaches the application log: passwords, access tokens (Authorization header),
 * refresh tokens (cookie), reset tokens. Every line the app writes through pino is captured at
 * trace level while the whole auth journey runs, with the log mailer of development (whose mails,
 * code included, go to the log by design: docs/auth.md).
 */
describe('auth: the log holds no password, token or cookie', () => {
  let t: TestApp;
  const lines: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    // Booted silent (no start-up noise in the test output), then every line from here on is captured at trace.
    t = await createTestApp({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent' });
    const root = appPino(t);
    const stream = (root as unknown as Record<symbol, { write: (chunk: string) => boolean }>)[symbols.streamSym];
    const write = stream.write;
    stream.write = (chunk: string) => {
      lines.push(String(chunk));
      return true;
    };
    root.level = 'trace';
    restore = () => {
      stream.write = write;
      root.level = 'silent';
    };
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  let ipSeq = 0;
  const post = (url: string) => t.http().post(url).set('X-Forwarded-For', `10.77.0.${++ipSeq}`);
  const get = (url: string) => t.http().get(url).set('X-Forwarded-For', `10.77.0.${++ipSeq}`);
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('refresh_token='));
    if (!raw) throw new Error('no refresh cookie');
    return decodeURIComponent(raw.split(';')[0].slice('refresh_token='.length));
  };
  /** The code of the last mail to this address, read from the log (where the log mailer puts it). */
  const codeFromLog = (email: string) => {
    const mails = lines.map((line) => JSON.parse(line) as { mail?: { to: string; body: string } }).filter((entry) => entry.mail?.to === email);
    const code = /\b(\d{6})\b/.exec(mails.at(-1)?.mail?.body ?? '')?.[1];
    if (!code) throw new Error(`no mail to ${email} in the log`);
    return code;
  };

  it('register, verify, login, refresh, change password, forgot/reset password, logout: no secret in any line', async () => {
    const email = 'logged-user@example.test';
    const passwords = { first: 'Pw-first-Zebra-4711', wrong: 'Pw-wrong-Quartz-0815', changed: 'Pw-changed-Nebula-2342', reset: 'Pw-reset-Walrus-9001', tooShort: 'Pw-7ch' };
    const secrets: Record<string, string> = { ...passwords };

    await post('/api/auth/register').send({ username: 'logged_user', firstname: 'Log', lastname: 'Ged', email, password: passwords.first }).expect(201);
    await post('/api/auth/register').send({ username: 'short_pw', firstname: 'S', lastname: 'P', email: 'short@example.test', password: passwords.tooShort }).expect(400);
    await post('/api/auth/verifyotp').send({ email, otp: codeFromLog(email) }).expect(200);

    await post('/api/auth/login').send({ email, password: passwords.wrong }).expect(401);
    const login = await post('/api/auth/login').send({ email, password: passwords.first }).expect(200);
    secrets.accessToken = login.body.accessToken;
    secrets.refreshToken = cookieOf(login);

    const refreshed = await get('/api/auth/refresh').set('Cookie', `refresh_token=${secrets.refreshToken}`).expect(200);
    secrets.refreshedAccessToken = refreshed.body.accessToken;
    secrets.rotatedRefreshToken = cookieOf(refreshed);
    // The old cookie again: reuse detection, a 403 logged with its reason.
    await get('/api/auth/refresh').set('Cookie', `refresh_token=${secrets.refreshToken}`).expect(403);
    const second = await post('/api/auth/login').send({ email, password: passwords.first }).expect(200);
    secrets.secondRefreshToken = cookieOf(second);

    // Wrong current password (401), then the real change.
    await post('/api/auth/changepassword')
      .set('Authorization', `Bearer ${second.body.accessToken}`)
      .send({ currentPassword: passwords.wrong, newPassword: passwords.changed })
      .expect(401);
    const changed = await post('/api/auth/changepassword')
      .set('Authorization', `Bearer ${second.body.accessToken}`)
      .set('Cookie', `refresh_token=${secrets.secondRefreshToken}`)
      .send({ currentPassword: passwords.first, newPassword: passwords.changed })
      .expect(200);
    secrets.secondAccessToken = second.body.accessToken;
    secrets.changedAccessToken = changed.body.accessToken;
    secrets.basicCredentials = Buffer.from(`${email}:${passwords.changed}`).toString('base64');
    await post('/api/auth/changepassword').set('Authorization', `Basic ${secrets.basicCredentials}`).send({}).expect(401);

    await post('/api/auth/forgotpassword/sendotp').send({ email }).expect(200);
    const verified = await post('/api/auth/forgotpassword/verifyotp').send({ email, otp: codeFromLog(email) }).expect(200);
    secrets.resetToken = verified.body.resetToken;
    await post('/api/auth/forgotpassword/reset').send({ resetToken: secrets.resetToken, password: passwords.tooShort }).expect(400);
    await post('/api/auth/forgotpassword/reset').send({ resetToken: secrets.resetToken, password: passwords.reset }).expect(200);
    const last = await post('/api/auth/login').send({ email, password: passwords.reset }).expect(200);
    secrets.lastRefreshToken = cookieOf(last);
    await post('/api/auth/logout').set('Cookie', `refresh_token=${secrets.lastRefreshToken}`).expect(200);

    // The capture works: one access-log line per request above (each had its own address), and the mails.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((e) => e.msg === 'request completed').length).toBe(ipSeq);
    // Two code mails, and the security notice of the password change (product.md §10).
    const mails = entries.filter((e) => e.mail);
    expect(mails.length).toBe(3);
    expect(JSON.stringify(mails)).toContain('Your password was changed');

    const log = lines.join('');
    for (const [name, value] of Object.entries(secrets)) {
      expect({ name, found: log.includes(value) }).toEqual({ name, found: false });
    }
    // Codes appear in the log mailer's mails only (documented development behaviour), nowhere else.
    const codeLines = entries.filter((e) => /\b\d{6}\b/.test(JSON.stringify({ ...e, time: undefined, pid: undefined, responseTime: undefined })));
    expect(codeLines.every((e) => e.mail !== undefined)).toBe(true);
  });

  it('the attack as it was made (issue 26): a token or a code in the query string never reaches the log', async () => {
    const user = await createUser(t, { roles: ['User'] });
    const created = await post('/api/auth/tokens').set('Authorization', user.bearer).send({ name: 'logged', scopes: ['read'] }).expect(201);
    const pat: string = created.body.token;
    const before = lines.length;
    // refused (the token goes in the Authorization header only), and still logged with the whole URL until now
    await get(`/api/user/get?access_token=${pat}`).expect(401);
    // answered or refused (an unknown query parameter is a 400), the line is written either way
    await get(`/api/wallet?page=1&token=${encodeURIComponent(pat)}`).set('Authorization', user.bearer);
    await get('/api/traders?code=493817&sort=roi');
    const logged = lines.slice(before).join('');
    expect(logged.includes(pat)).toBe(false);
    expect(logged.includes('493817')).toBe(false);
    const urls = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((e) => e.msg === 'request completed')
      .map((e) => e.req?.url);
    expect(urls).toEqual(['/api/user/get?access_token=[redacted]', '/api/wallet?page=1&token=[redacted]', '/api/traders?code=[redacted]&sort=roi']);
  });
});
