import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, configWarnings, loadConfig, marketSecretOfSeed } from './load-config';
import { RATE_LIMITS, rateLimitThrottlers } from '@mirrorline/auth';

const secret = (c: string) => c.repeat(40);
const prodEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  JWT_ACCESS_SECRET: secret('a'),
  JWT_REFRESH_SECRET: secret('b'),
  SESSION_SECRET: secret('c'),
  ADMIN_EMAIL: 'ops@example.com',
  ADMIN_PASSWORD: 'a-long-admin-password',
  MARKET_FEED: 'binance',
};

describe('loadConfig', () => {
  // each test's working folders, removed at the end (81 a run, left in the temp folder before)
  const made: string[] = [];
  const dir = () => {
    const path = mkdtempSync(join(tmpdir(), 'ml-config-'));
    made.push(path);
    return path;
  };
  afterAll(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });

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

  it('keeps KYC documents on local disk by default, in an S3 bucket with DOCUMENT_STORE=s3', () => {
    expect(loadConfig({}, dir()).documentStore).toEqual({ kind: 'local' });
    expect(loadConfig({ ...prodEnv, DOCUMENT_STORE: 's3', S3_BUCKET: 'kyc-documents' }, dir()).documentStore).toEqual({
      kind: 's3',
      bucket: 'kyc-documents',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    // MinIO: an endpoint of its own, path-style addressing unless told otherwise.
    expect(
      loadConfig({ ...prodEnv, DOCUMENT_STORE: 's3', S3_BUCKET: 'kyc', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-1' }, dir()).documentStore,
    ).toEqual({ kind: 's3', bucket: 'kyc', region: 'eu-west-1', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(() => loadConfig({ DOCUMENT_STORE: 'ftp' }, dir())).toThrow(new ConfigError('DOCUMENT_STORE', 'must be local or s3 (got "ftp")'));
    expect(() => loadConfig({ DOCUMENT_STORE: 's3' }, dir())).toThrow(ConfigError);
    expect(() => loadConfig({ DOCUMENT_STORE: 's3', S3_BUCKET: 'Bad_Bucket' }, dir())).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DOCUMENT_STORE: 's3', S3_BUCKET: 'kyc', S3_ENDPOINT: 'minio:9000' }, dir())).toThrow(/S3_ENDPOINT/);
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
    [{ WITHDRAWAL_ADDRESS_COOLDOWN: '-1' }, 'WITHDRAWAL_ADDRESS_COOLDOWN'],
    [{ WITHDRAWAL_ADDRESS_COOLDOWN: '1.5' }, 'WITHDRAWAL_ADDRESS_COOLDOWN'],
    [{ MFA_ENCRYPTION_KEY: 'short' }, 'MFA_ENCRYPTION_KEY'],
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

  it('reads the bank-transfer deposit details and limits, with demo defaults, and refuses bad ones naming the variable', () => {
    expect(loadConfig(prodEnv, dir()).bankDeposit).toEqual({
      beneficiary: 'Mirrorline Demo Ltd (client money)',
      bankName: 'Demo Bank',
      iban: 'GB33 BUKB 2020 1555 5555 55',
      bic: 'BUKBGB22',
      minCents: 1000,
      maxCents: 5_000_000,
    });
    const set = loadConfig({ ...prodEnv, DEPOSIT_BANK_IBAN: 'de89 3704 0044 0532 0130 00', DEPOSIT_BANK_BIC: 'cobadeffxxx', DEPOSIT_MIN_AMOUNT: '1', DEPOSIT_MAX_AMOUNT: '250.50' }, dir()).bankDeposit;
    expect(set).toMatchObject({ iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', minCents: 100, maxCents: 25050 });
    for (const [name, bad] of [['DEPOSIT_MIN_AMOUNT', '-1'], ['DEPOSIT_MAX_AMOUNT', '1e3'], ['DEPOSIT_BANK_IBAN', 'not an iban'], ['DEPOSIT_BANK_BIC', 'ABC']] as const) {
      expect(() => loadConfig({ ...prodEnv, [name]: bad }, dir())).toThrow(name);
    }
    expect(() => loadConfig({ ...prodEnv, DEPOSIT_MIN_AMOUNT: '100', DEPOSIT_MAX_AMOUNT: '50' }, dir())).toThrow('DEPOSIT_MIN_AMOUNT');
  });

  it('reads the withdrawal address cooldown (default one day) and derives a 32-byte 2FA key', () => {
    const config = loadConfig(prodEnv, dir());
    expect(config.withdrawalAddressCooldownSeconds).toBe(86400);
    expect(loadConfig({ ...prodEnv, WITHDRAWAL_ADDRESS_COOLDOWN: '60' }, dir()).withdrawalAddressCooldownSeconds).toBe(60);
    expect(Buffer.from(config.mfaEncryptionKey, 'base64url')).toHaveLength(32);
    // Never the JWT secret itself; a set MFA_ENCRYPTION_KEY gives another key.
    expect(config.mfaEncryptionKey).not.toBe(config.jwtRefreshSecret);
    expect(loadConfig({ ...prodEnv, MFA_ENCRYPTION_KEY: secret('m') }, dir()).mfaEncryptionKey).not.toBe(config.mfaEncryptionKey);
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

  // A start must stop with one line naming what to fix, never a JSON parser or file-system stack.
  it('stops with one line naming the file when var/dev-secrets.json is corrupt', () => {
    const cwd = dir();
    mkdirSync(join(cwd, 'var'));
    const file = join(cwd, 'var', 'dev-secrets.json');
    writeFileSync(file, '{"access": "half-writ');
    expect(() => loadConfig({}, cwd)).toThrow(
      new ConfigError(
        'DATA_DIR',
        `holds ${file}, which is not valid JSON: delete it to generate new development secrets, or set JWT_ACCESS_SECRET, JWT_REFRESH_SECRET and SESSION_SECRET`,
      ),
    );
  });

  it('regenerates dev secrets when the file is valid JSON without them', () => {
    const cwd = dir();
    mkdirSync(join(cwd, 'var'));
    writeFileSync(join(cwd, 'var', 'dev-secrets.json'), 'null');
    expect(loadConfig({}, cwd).jwtAccessSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('stops with one line naming DATA_DIR when the secrets cannot be written there', () => {
    const cwd = dir();
    writeFileSync(join(cwd, 'a-file'), '');
    const dataDir = join(cwd, 'a-file', 'var'); // ENOTDIR even as root, who ignores permission bits
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir }, cwd);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      `Configuration error: DATA_DIR (${dataDir}) is not writable (ENOTDIR): cannot keep the development secrets in ${join(dataDir, 'dev-secrets.json')}; ` +
        'point DATA_DIR at a writable directory, or set JWT_ACCESS_SECRET, JWT_REFRESH_SECRET and SESSION_SECRET',
    );
  });

  it('warns (without failing) when production has no SMTP_URL, since one-time codes would go to the log', () => {
    expect(configWarnings(loadConfig(prodEnv, dir()))).toEqual([
      'SMTP_URL is not set in production: emails, including one-time codes, are written to the log instead of being sent. Set SMTP_URL (smtp://host:port).',
    ]);
    expect(configWarnings(loadConfig({ ...prodEnv, SMTP_URL: 'smtp://mail:25' }, dir()))).toEqual([]);
    expect(configWarnings(loadConfig({}, dir()))).toEqual([]);
  });

  it('reads the market settings: simulated by default, test only under NODE_ENV=test (its default there)', () => {
    const dev = loadConfig({}, dir());
    expect(dev).toMatchObject({ marketFeed: 'simulated', marketMaxQuoteAgeMs: 10_000, marketMaxFillAgeMs: 2_000, binanceWsUrl: 'wss://stream.binance.com:9443' });
    expect(loadConfig({ NODE_ENV: 'test' }, dir()).marketFeed).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test', MARKET_FEED: 'simulated' }, dir()).marketFeed).toBe('simulated');
    const custom = loadConfig({ MARKET_FEED: 'binance', MARKET_MAX_QUOTE_AGE: '2.5', MARKET_MAX_FILL_AGE_MS: '1500', BINANCE_WS_URL: 'ws://127.0.0.1:9000/' }, dir());
    expect(custom).toMatchObject({ marketFeed: 'binance', marketMaxQuoteAgeMs: 2500, marketMaxFillAgeMs: 1500, binanceWsUrl: 'ws://127.0.0.1:9000' });
    expect(() => loadConfig({ MARKET_FEED: 'test' }, dir())).toThrow(/MARKET_FEED can be "test" only when NODE_ENV=test/);
    expect(() => loadConfig({ MARKET_FEED: 'live' }, dir())).toThrow(/MARKET_FEED/);
    expect(() => loadConfig({ MARKET_MAX_QUOTE_AGE: '0' }, dir())).toThrow(/MARKET_MAX_QUOTE_AGE/);
    expect(() => loadConfig({ MARKET_MAX_QUOTE_AGE: 'ten' }, dir())).toThrow(/MARKET_MAX_QUOTE_AGE/);
    expect(() => loadConfig({ MARKET_MAX_FILL_AGE_MS: '2s' }, dir())).toThrow('Configuration error: MARKET_MAX_FILL_AGE_MS must be a number of milliseconds between 100 and 3600000 (got "2s")');
    expect(() => loadConfig({ MARKET_MAX_FILL_AGE_MS: '50' }, dir())).toThrow(/MARKET_MAX_FILL_AGE_MS/);
    expect(() => loadConfig({ BINANCE_WS_URL: 'https://example.com' }, dir())).toThrow(ConfigError);
  });

  it('production refuses the simulated market, in one line naming MARKET_FEED (explicit or by default)', () => {
    const { MARKET_FEED: _feed, ...noFeed } = prodEnv;
    const line =
      'Configuration error: MARKET_FEED must be a real feed (binance) when NODE_ENV=production, not "simulated" (the default): real money never trades on prices the platform makes up';
    expect(() => loadConfig(noFeed, dir())).toThrow(new ConfigError('MARKET_FEED', line.replace('Configuration error: MARKET_FEED ', '')));
    expect(() => loadConfig({ ...prodEnv, MARKET_FEED: 'simulated' }, dir())).toThrow(line);
    expect(line).not.toContain('\n');
    // production with a real feed keeps no market secret at all
    const cwd = dir();
    expect(loadConfig(prodEnv, cwd).marketSecret).toBeUndefined();
    expect(existsSync(join(cwd, 'var', 'market-secret'))).toBe(false);
  });

  it('keeps a 256-bit market secret per installation in DATA_DIR: generated once, kept, never shared', () => {
    const one = dir();
    const first = loadConfig({}, one);
    expect(first.marketSecret).toMatch(/^[0-9a-f]{64}$/);
    const file = join(one, 'var', 'market-secret');
    expect(readFileSync(file, 'utf8')).toBe(`${first.marketSecret}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, one).marketSecret).toBe(first.marketSecret);
    // another installation, another secret (and so another price path)
    expect(loadConfig({}, dir()).marketSecret).not.toBe(first.marketSecret);
    // MARKET_SECRET from the environment instead (then nothing is written)
    const two = dir();
    const given = 'AB'.repeat(32);
    expect(loadConfig({ MARKET_SECRET: given }, two).marketSecret).toBe(given.toLowerCase());
    expect(existsSync(join(two, 'var', 'market-secret'))).toBe(false);
    expect(() => loadConfig({ MARKET_SECRET: 'secret' }, dir())).toThrow(
      'Configuration error: MARKET_SECRET must be 64 hex digits (256 bits), e.g. from `openssl rand -hex 32`',
    );
    // a damaged file stops the start with one line naming the file
    const three = dir();
    mkdirSync(join(three, 'var'));
    writeFileSync(join(three, 'var', 'market-secret'), '20261123\n');
    expect(() => loadConfig({}, three)).toThrow(
      `Configuration error: DATA_DIR holds ${join(three, 'var', 'market-secret')}, which is not a 256-bit secret (64 hex digits): ` +
        'delete it to generate a new one (prices go on from the last stored quote), or set MARKET_SECRET (64 hex digits, e.g. from `openssl rand -hex 32`)',
    );
  });

  it('accepts MARKET_SEED (a reproducible path) only under NODE_ENV=test', () => {
    const seeded = loadConfig({ NODE_ENV: 'test', MARKET_FEED: 'simulated', MARKET_SEED: '42' }, dir());
    expect(seeded.marketSecret).toBe(marketSecretOfSeed(42));
    expect(loadConfig({ NODE_ENV: 'test', MARKET_SEED: '42' }, dir()).marketSecret).toBe(seeded.marketSecret);
    expect(marketSecretOfSeed(43)).not.toBe(seeded.marketSecret);
    for (const env of [{}, { NODE_ENV: 'development', MARKET_FEED: 'simulated' }, { ...prodEnv }]) {
      expect(() => loadConfig({ ...env, MARKET_SEED: '20261123' }, dir())).toThrow(
        'Configuration error: MARKET_SEED is accepted only with NODE_ENV=test: a seed makes every simulated price known in advance; ' +
          'remove it (each installation keeps its own secret in DATA_DIR) or set MARKET_SECRET (64 hex digits, e.g. from `openssl rand -hex 32`)',
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'test', MARKET_SEED: '-1' }, dir())).toThrow(/MARKET_SEED must be a whole number/);
    expect(() => loadConfig({ NODE_ENV: 'test', MARKET_SEED: '1', MARKET_SECRET: 'ab'.repeat(32) }, dir())).toThrow(/MARKET_SEED and MARKET_SECRET are both set/);
    // under NODE_ENV=test without a seed: the same per-installation secret as anywhere else
    expect(loadConfig({ NODE_ENV: 'test' }, dir()).marketSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the fault-tolerance settings with their defaults (SHUTDOWN_GRACE_MS and the database timeouts)', () => {
    const defaults = loadConfig({}, dir());
    expect(defaults).toMatchObject({ shutdownGraceMs: 10_000, dbStatementTimeoutMs: 5_000, dbAcquireTimeoutMs: 2_000, dbPingTimeoutMs: 1_500, outboxSweepMs: 5_000 });
    const set = loadConfig({ SHUTDOWN_GRACE_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '8000', DB_ACQUIRE_TIMEOUT_MS: '1500', DB_PING_TIMEOUT_MS: '10000', OUTBOX_SWEEP_MS: '1000' }, dir());
    expect(set).toMatchObject({ shutdownGraceMs: 30_000, dbStatementTimeoutMs: 8_000, dbAcquireTimeoutMs: 1_500, dbPingTimeoutMs: 10_000, outboxSweepMs: 1_000 });
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10s' }, dir())).toThrow('Configuration error: SHUTDOWN_GRACE_MS must be a number of milliseconds');
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }, dir())).toThrow(ConfigError);
  });

  it('reads the slow-client bounds: headers 20 s and the body 60 s unless set, at least 1 s each', () => {
    expect(loadConfig({}, dir())).toMatchObject({ httpHeadersTimeoutMs: 20_000, httpRequestTimeoutMs: 60_000 });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '6000', HTTP_REQUEST_TIMEOUT_MS: '120000' }, dir())).toMatchObject({ httpHeadersTimeoutMs: 6_000, httpRequestTimeoutMs: 120_000 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '500' }, dir())).toThrow('Configuration error: HTTP_HEADERS_TIMEOUT_MS must be a number of milliseconds between 1000 and 600000 (got "500")');
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '1m' }, dir())).toThrow('Configuration error: HTTP_REQUEST_TIMEOUT_MS must be a number of milliseconds');
  });

  it('FAULT_INJECTION: off by default, on for the fault tier, refused in production', () => {
    expect(loadConfig({}, dir()).faultInjection).toBe(false);
    expect(loadConfig({ FAULT_INJECTION: 'true' }, dir()).faultInjection).toBe(true);
    expect(() => loadConfig({ ...prodEnv, FAULT_INJECTION: 'true' }, dir())).toThrow(/FAULT_INJECTION/);
    expect(loadConfig({ ...prodEnv, FAULT_INJECTION: 'false' }, dir()).faultInjection).toBe(false);
  });

  it('reads the pool size and MAX_IN_FLIGHT, whose default follows the connections requests may hold', () => {
    expect(loadConfig({}, dir())).toMatchObject({ dbPoolSize: 24, maxInFlight: 160 });
    expect(loadConfig({ DB_POOL_SIZE: '10' }, dir())).toMatchObject({ dbPoolSize: 10, maxInFlight: 48 });
    expect(loadConfig({ DB_POOL_SIZE: '10', MAX_IN_FLIGHT: '200' }, dir())).toMatchObject({ dbPoolSize: 10, maxInFlight: 200 });
    // The workers keep their connections: a pool that leaves requests none is refused.
    expect(() => loadConfig({ DB_POOL_SIZE: '4' }, dir())).toThrow('Configuration error: DB_POOL_SIZE must be a whole number between 5 and 1000 (got "4")');
    expect(() => loadConfig({ MAX_IN_FLIGHT: '0' }, dir())).toThrow('Configuration error: MAX_IN_FLIGHT must be a whole number');
    expect(() => loadConfig({ MAX_IN_FLIGHT: 'lots' }, dir())).toThrow(ConfigError);
  });

  it('ADMISSION_TARGET_MS: the latency the adaptive limit keeps, 500 ms unless set, 0 turns it off', () => {
    expect(loadConfig({}, dir()).admissionTargetMs).toBe(500);
    expect(loadConfig({ ADMISSION_TARGET_MS: '0' }, dir()).admissionTargetMs).toBe(0);
    expect(loadConfig({ ADMISSION_TARGET_MS: '1500' }, dir()).admissionTargetMs).toBe(1500);
    expect(() => loadConfig({ ADMISSION_TARGET_MS: '-1' }, dir())).toThrow('Configuration error: ADMISSION_TARGET_MS must be a number of milliseconds between 0 and 60000 (got "-1")');
    expect(() => loadConfig({ ADMISSION_TARGET_MS: 'fast' }, dir())).toThrow(ConfigError);
  });

  it('LOGIN_RATE_LIMIT: the sign-ins one address may make in 15 minutes, 50 unless raised (and never 0)', () => {
    expect(loadConfig({}, dir()).loginRateLimit).toBe(50);
    expect(loadConfig({ LOGIN_RATE_LIMIT: '1000' }, dir()).loginRateLimit).toBe(1000);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: '0' }, dir())).toThrow('Configuration error: LOGIN_RATE_LIMIT must be a whole number between 1 and 1000000 (got "0")');
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: 'many' }, dir())).toThrow(ConfigError);
    // the login throttler takes it; the other limits keep theirs
    const throttlers = rateLimitThrottlers({ login: 1000 });
    expect(throttlers.find((t) => t.name === 'login')?.limit).toBe(1000);
    expect(throttlers.find((t) => t.name === 'register')?.limit).toBe(RATE_LIMITS.register.limit);
  });

  it('TRUST_PROXY: off, one hop, a hop count or the proxies\' addresses, never "any"', () => {
    expect(loadConfig({}, dir()).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, dir()).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, dir()).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, dir()).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '172.28.0.10, 10.0.0.0/8' }, dir()).trustProxy).toEqual(['172.28.0.10', '10.0.0.0/8']);
    for (const bad of ['any', '*', 'all', '0.0.0.0/0', '::/0', '10.0.0.1 evil']) expect(() => loadConfig({ TRUST_PROXY: bad }, dir())).toThrow(/TRUST_PROXY/);
  });
});
