import { useAuthApp, PASSWORD } from './support/auth-spec';
import type { InMemoryMailer } from '@mirrorline/mail/testing';
import type { TestApp } from './support/test-app';

describe('auth: POST register/ (HTTP against real PostgreSQL)', () => {
  const spec = useAuthApp();
  const { http, nextName, register } = spec;
  let t: TestApp;
  let outbox: InMemoryMailer;
  beforeAll(() => {
    t = spec.t;
    outbox = spec.outbox;
  });

  describe('POST register/', () => {
    it('201 {message}, emails a 6-digit code, stores an argon2id hash and a lower-case email', async () => {
      const { res, email, username } = await register();
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
      expect(outbox.lastCodeFor(email)).toMatch(/^\d{6}$/);
      const [row] = await t.sql<{ email: string; password_hash: string; email_verified: boolean; roles: string[] }>(
        'SELECT email, password_hash, email_verified, roles FROM users WHERE username = ?',
        [username],
      );
      expect(row.email).toBe(email);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.email_verified).toBe(false);
      expect(row.roles).toEqual(['User']);
      // The code is stored hashed only.
      const codes = await t.sql<{ code_hash: string }>('SELECT code_hash FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.username = ?', [username]);
      expect(codes).toHaveLength(1);
      expect(codes[0].code_hash).not.toContain(outbox.lastCodeFor(email));
    });

    // The body's rules (lengths, patterns, missing and unknown fields, the 8/128 boundaries) are a unit spec of the
    // DTO through the app's ValidationPipe: libs/auth/src/adapters/http/dto/auth.request.dto.spec.ts. Here: the
    // contract of a refused body (400, the message, `errors` by field) and that nothing is written.
    it('400 VALIDATION_FAILED with the fields named, for a short password and for an unknown field; no user is made', async () => {
      const short = await register({ password: 'short77' });
      expect(short.res.status).toBe(400);
      expect(short.res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: { password: [expect.any(String)] } });
      const extra = await register({ roles: 'Admin' } as Record<string, string>);
      expect(extra.res.status).toBe(400);
      expect(extra.res.body.message).toContain('roles is not an allowed field');
      expect(await t.sql('SELECT 1 FROM users WHERE username IN (?, ?)', [short.username, extra.username])).toHaveLength(0);
    });

    it('409 when the email or the username is taken, case-insensitively', async () => {
      const first = await register();
      const sameEmail = await register({ email: first.email.toUpperCase() });
      expect(sameEmail.res.status).toBe(409);
      expect(sameEmail.res.body.message).toBe('This email is already registered');
      const sameName = await register({ username: first.username.toUpperCase(), email: `${nextName()}@example.test` });
      expect(sameName.res.status).toBe(409);
      expect(sameName.res.body.message).toBe('This username is already taken');
    });
  });

  // Passwords, tokens and cookies never reaching the log: auth-logging.e2e-spec.ts.
  it('the OpenAPI document lists the auth routes', async () => {
    const doc = await http().get('/api/docs-json').expect(200);
    for (const path of ['register', 'createnewotp', 'verifyotp', 'login', 'refresh', 'logout', 'forgotpassword/sendotp', 'forgotpassword/verifyotp', 'forgotpassword/reset', 'changepassword']) {
      expect(Object.keys(doc.body.paths)).toContain(`/api/auth/${path}`);
    }
  });
});
