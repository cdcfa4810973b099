import { BootstrapAdminUseCase } from '@mirrorline/auth';
import { createTestApp, type TestApp } from './support/test-app';

describe('bootstrap admin (start-up task)', () => {
  let t: TestApp;
  const ADMIN_EMAIL = 'Boss@Example.test';
  const ADMIN_PASSWORD = 'a-long-admin-password';

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  });
  afterAll(() => t.close());

  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD at start: verified, KYC Verified, roles User+Admin', async () => {
    const rows = await t.sql<{ email: string; roles: string[]; email_verified: boolean; kyc_status: string; password_hash: string }>(
      `SELECT email, roles, email_verified, kyc_status, password_hash FROM users WHERE 'Admin' = ANY (roles)`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'boss@example.test', roles: ['User', 'Admin'], email_verified: true, kyc_status: 'Verified' });
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.http().post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
    const payload = JSON.parse(Buffer.from(login.body.accessToken.split('.')[1], 'base64url').toString());
    expect(payload.UserInfo.roles).toEqual(['User', 'Admin']);
  });

  it('does nothing when an admin exists', async () => {
    const result = await t.app.get(BootstrapAdminUseCase).execute({ ...t.config, adminEmail: 'second@example.test' });
    expect(result).toEqual({ created: false, reason: 'an admin exists' });
    const [{ n }] = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM users WHERE 'Admin' = ANY (roles)`);
    expect(Number(n)).toBe(1);
  });

  it('test databases get no admin unless ADMIN_PASSWORD is set', async () => {
    const result = await t.app.get(BootstrapAdminUseCase).execute({ ...t.config, adminPassword: undefined });
    expect(result.created).toBe(false);
  });

  it('production without a password refuses', async () => {
    await t.sql(`UPDATE users SET deleted_at = now() WHERE 'Admin' = ANY (roles)`);
    await expect(
      t.app.get(BootstrapAdminUseCase).execute({ adminEmail: 'prod@example.test', adminPassword: undefined, isProduction: true, nodeEnv: 'production' }),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('in dev without ADMIN_PASSWORD, generates a password and prints it once to stdout', async () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const config = { adminEmail: 'dev-admin@example.test', adminPassword: undefined, isProduction: false, nodeEnv: 'development' as const };
      const result = await t.app.get(BootstrapAdminUseCase).execute(config);
      expect(result.created).toBe(true);
      const generated = (result as { generatedPassword: string }).generatedPassword;
      expect(generated.length).toBeGreaterThanOrEqual(20);
      const printed = write.mock.calls.map((call) => String(call[0])).join('');
      expect(printed).toContain(generated);
      expect(printed).toContain('dev-admin@example.test');
      // Once: the admin exists now, a second start prints nothing.
      write.mockClear();
      expect((await t.app.get(BootstrapAdminUseCase).execute(config)).created).toBe(false);
      expect(write.mock.calls.map((call) => String(call[0])).join('')).not.toContain(generated);
      await t.http().post('/api/auth/login').send({ email: 'dev-admin@example.test', password: generated }).expect(200);
    } finally {
      write.mockRestore();
    }
  });
});
