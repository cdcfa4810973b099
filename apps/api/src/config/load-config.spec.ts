import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './load-config';

const secret = (c: string) => c.repeat(40);
const prodEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  JWT_ACCESS_SECRET: secret('a'),
  JWT_REFRESH_SECRET: secret('b'),
  SESSION_SECRET: secret('c'),
  ADMIN_EMAIL: 'ops@example.com',
  ADMIN_PASSWORD: 'a-long-admin-password',
};

describe('loadConfig', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'ml-config-'));

  it('gives dev defaults and keeps generated secrets across loads', () => {
    const cwd = dir();
    const first = loadConfig({}, cwd);
    expect(first.port).toBe(3000);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.demoData).toBe(true);
    expect(first.adminEmail).toBe('admin@mirrorline.local');
    expect(first.uploadDir).toBe(join(cwd, 'var', 'uploads'));
    expect(first.jwtAccessSecret).not.toEqual(first.jwtRefreshSecret);
    const second = loadConfig({}, cwd);
    expect(second.jwtAccessSecret).toBe(first.jwtAccessSecret);
    expect(readFileSync(join(cwd, 'var', 'dev-secrets.json'), 'utf8')).toContain(first.jwtRefreshSecret);
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(prodEnv, dir());
    expect(config.isProduction).toBe(true);
    expect(config.demoData).toBe(false);
    expect(config.jwtAccessSecret).toBe(secret('a'));
  });

  it.each(['JWT_ACCESS_SECRET', 'JWT_REFRESH_SECRET', 'SESSION_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])(
    'stops production without %s, naming it',
    (name) => {
      const env: Record<string, string | undefined> = { ...prodEnv, [name]: undefined };
      expect(() => loadConfig(env, dir())).toThrow(new ConfigError(name, 'is required when NODE_ENV=production'));
    },
  );

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'memcached://x' }, 'REDIS_URL'],
    [{ CORS_ORIGINS: 'localhost:5173' }, 'CORS_ORIGINS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JWT_ACCESS_SECRET: 'short' }, 'JWT_ACCESS_SECRET'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
  ])('refuses %j with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env, dir());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as ConfigError).message).toMatch(new RegExp(`^Configuration error: ${name} `));
    expect((error as ConfigError).message).not.toContain('\n');
  });

  it('refuses equal access and refresh secrets', () => {
    expect(() => loadConfig({ ...prodEnv, JWT_REFRESH_SECRET: secret('a') }, dir())).toThrow(/JWT_REFRESH_SECRET/);
  });

  it('parses CORS origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://localhost:5173, https://app.example.com' }, dir()).corsOrigins).toEqual([
      'http://localhost:5173',
      'https://app.example.com',
    ]);
  });
});
