import { Logger } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { FakePasswordHasher, ImmediateUnitOfWork, InMemoryUserAccounts } from '../../../testing/in-memory-auth.fakes';
import { BootstrapAdminUseCase } from './bootstrap-admin.use-case';

/** Start-up's first admin (product.md §3), with the in-memory accounts: what test/auth-bootstrap-admin.e2e-spec.ts shows on PostgreSQL, rule by rule. */
describe('BootstrapAdminUseCase (in-memory fakes)', () => {
  const dev: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'isProduction' | 'nodeEnv'> = {
    adminEmail: 'admin@mirrorline.test',
    adminPassword: 'a-long-admin-password',
    isProduction: false,
    nodeEnv: 'development',
  };
  beforeAll(() => Logger.overrideLogger(false));

  function setup() {
    const accounts = new InMemoryUserAccounts();
    const hasher = new FakePasswordHasher();
    const printed: string[] = [];
    const bootstrap = new BootstrapAdminUseCase(new ImmediateUnitOfWork(), accounts, hasher);
    return { accounts, hasher, printed, run: (config = dev) => bootstrap.execute(config, (line) => printed.push(line)) };
  }

  it('creates a verified, KYC-Verified User+Admin with the hashed ADMIN_PASSWORD, printing nothing; once', async () => {
    const s = setup();
    await expect(s.run()).resolves.toEqual({ created: true, email: dev.adminEmail, generatedPassword: undefined });
    expect(s.accounts.rows).toEqual([
      expect.objectContaining({ email: dev.adminEmail, username: 'admin', roles: ['User', 'Admin'], emailVerified: true, kycStatus: 'Verified', passwordHash: `hashed:${dev.adminPassword}` }),
    ]);
    expect(s.printed).toEqual([]);
    await expect(s.run()).resolves.toEqual({ created: false, reason: 'an admin exists' });
    expect(s.accounts.rows).toHaveLength(1);
  });

  it('in development without ADMIN_PASSWORD generates one and prints it once (never into the log)', async () => {
    const s = setup();
    const result = await s.run({ ...dev, adminPassword: undefined });
    if (!result.created) throw new Error('expected an admin');
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(s.accounts.rows[0].passwordHash).toBe(`hashed:${result.generatedPassword}`);
    expect(s.printed.join('')).toContain(result.generatedPassword);
    await s.run({ ...dev, adminPassword: undefined });
    expect(s.printed).toHaveLength(1);
  });

  it('refuses to start in production without ADMIN_PASSWORD, and makes nobody', async () => {
    const s = setup();
    await expect(s.run({ ...dev, isProduction: true, nodeEnv: 'production', adminPassword: undefined })).rejects.toThrow(/ADMIN_PASSWORD is required/);
    expect(s.accounts.rows).toEqual([]);
  });

  it('under NODE_ENV=test makes no admin unless ADMIN_PASSWORD is set', async () => {
    const s = setup();
    await expect(s.run({ ...dev, nodeEnv: 'test', adminPassword: undefined })).resolves.toMatchObject({ created: false });
    expect(s.accounts.rows).toEqual([]);
    await expect(s.run({ ...dev, nodeEnv: 'test' })).resolves.toMatchObject({ created: true });
  });

  it('never turns an existing non-admin account into the admin; takes another username when "admin" is taken', async () => {
    const s = setup();
    s.accounts.add({ email: dev.adminEmail, username: 'someone' });
    await expect(s.run()).resolves.toEqual({ created: false, reason: `${dev.adminEmail} belongs to a non-admin user` });
    expect(s.accounts.rows.map((r) => r.roles)).toEqual([['User']]);

    const other = setup();
    other.accounts.add({ email: 'first@example.test', username: 'Admin' });
    await expect(other.run()).resolves.toMatchObject({ created: true });
    expect(other.accounts.rows[1].username).toMatch(/^admin_[0-9a-f]{6}$/);
  });
});
