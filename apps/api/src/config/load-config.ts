import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_LOGIN_RATE_LIMIT, isValidAmount, parseAmount, type AppConfig, type BankDepositConfig, type DocumentStoreConfig } from '@mirrorline/shared';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../http/server-timeouts';

/** A configuration problem; `message` is the one line printed before the start stops. */
export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function port(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) {
    throw new ConfigError(name, `must be a port number between 1 and 65535 (got "${raw}")`);
  }
  return Number(raw);
}

function milliseconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a number of milliseconds between ${min} and ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function count(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return Number(raw);
}

/**
 * Pooled connections kept for the background workers (price watcher, outbox sweep, market feed, start-up
 * tasks): requests never hold more than DB_POOL_SIZE minus these at once (database/connection-gate.ts).
 */
export const WORKER_CONNECTIONS = 4;

/** The pooled connections requests may hold at once: the pool less the workers' (ConnectionGate's limit). */
export const requestConnections = (poolSize: number): number => poolSize - WORKER_CONNECTIONS;

/**
 * MAX_IN_FLIGHT's default: eight requests per connection that requests may hold (160 with the default pool). A
 * request holds a connection for part of its life only (authentication, validation, argon2, JSON and the network
 * take the rest), so a crowd several times the connections keeps the pool busy and absorbs an ordinary burst (a
 * page load, a client's retries); past it, requests would only queue for a connection and for the event loop,
 * and every accepted request would wait behind them (docs/deploy.md, Limits).
 */
export const defaultMaxInFlight = (poolSize: number): number => 8 * requestConnections(poolSize);

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function seconds(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 365 * 86400) {
    throw new ConfigError(name, `must be a whole number of seconds between 0 and 31536000 (got "${raw}")`);
  }
  return Number(raw);
}

function amount(env: Env, name: string, fallback: string): number {
  const raw = value(env, name) ?? fallback;
  if (!isValidAmount(raw)) throw new ConfigError(name, `must be a positive amount with at most 2 decimals, like 10.00 (got "${raw}")`);
  return parseAmount(raw);
}

/**
 * Bank-transfer deposits (docs/wallet.md, "Bank transfers"): the account users send money to and the limits of one
 * transfer. The defaults are a demo bank (the IBAN is the standard example one), so a fresh install shows real-looking
 * instructions; production sets its own.
 */
function bankDeposit(env: Env): BankDepositConfig {
  const minCents = amount(env, 'DEPOSIT_MIN_AMOUNT', '10.00');
  const maxCents = amount(env, 'DEPOSIT_MAX_AMOUNT', '50000.00');
  if (minCents > maxCents) throw new ConfigError('DEPOSIT_MIN_AMOUNT', 'must not be above DEPOSIT_MAX_AMOUNT');
  const iban = (value(env, 'DEPOSIT_BANK_IBAN') ?? 'GB33 BUKB 2020 1555 5555 55').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,36}$/.test(iban)) throw new ConfigError('DEPOSIT_BANK_IBAN', `must be an IBAN like GB33 BUKB 2020 1555 5555 55 (got "${iban}")`);
  const bic = (value(env, 'DEPOSIT_BANK_BIC') ?? 'BUKBGB22').toUpperCase();
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) throw new ConfigError('DEPOSIT_BANK_BIC', `must be a BIC of 8 or 11 letters and digits (got "${bic}")`);
  return {
    beneficiary: value(env, 'DEPOSIT_BANK_BENEFICIARY') ?? 'Mirrorline Demo Ltd (client money)',
    bankName: value(env, 'DEPOSIT_BANK_NAME') ?? 'Demo Bank',
    iban,
    bic,
    minCents,
    maxCents,
  };
}

/**
 * TRUST_PROXY: which hops may set X-Forwarded-For (Express "trust proxy"). false (default: no proxy), true
 * (= 1: exactly one proxy in front), a hop count, or the proxies' addresses / CIDR ranges, comma-separated.
 * Never "any": trusting every hop lets any client forge its address and get around the per-IP limits.
 */
function trustProxy(env: Env): AppConfig['trustProxy'] {
  const raw = value(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return 1;
  if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 10) return Number(raw);
  const addresses = raw.split(',').map((part) => part.trim()).filter(Boolean);
  const ADDRESS = /^([0-9.]+|[0-9a-f:]+)(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/i;
  const everyone = (a: string) => /^(0\.0\.0\.0|::)\/0$/.test(a);
  if (addresses.length && addresses.every((a) => ADDRESS.test(a) && !everyone(a))) return addresses;
  throw new ConfigError(
    'TRUST_PROXY',
    `must be false, true (one proxy), a hop count (1-10) or the proxies' addresses, comma-separated (got "${raw}"); never "any": clients could forge their address`,
  );
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(' or ')})`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}:// (got "${parsed.protocol}")`);
  }
  return raw;
}

/** DOCUMENT_STORE and the S3_* settings (docs/deploy.md, "Documents"). */
function documentStore(env: Env): DocumentStoreConfig {
  const kind = value(env, 'DOCUMENT_STORE') ?? 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError('DOCUMENT_STORE', `must be local or s3 (got "${kind}")`);
  const bucket = value(env, 'S3_BUCKET');
  // S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens.
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', 'must name the bucket (3–63 lower-case letters, digits, dots, hyphens) with DOCUMENT_STORE=s3');
  }
  const endpoint = url(env, 'S3_ENDPOINT', ['http', 'https']);
  return { kind, bucket, region: value(env, 'S3_REGION') ?? 'us-east-1', endpoint, forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined) };
}

/** Dev-only secrets, generated once and kept under var/ so sessions survive restarts. */
function devSecrets(dataDir: string): { access: string; refresh: string; session: string } {
  const file = join(dataDir, 'dev-secrets.json');
  const instead = 'or set JWT_ACCESS_SECRET, JWT_REFRESH_SECRET and SESSION_SECRET';
  if (existsSync(file)) {
    let stored: Partial<Record<'access' | 'refresh' | 'session', unknown>> | null;
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
    } catch (error) {
      // A hand-edited or half-written file: say which file and what to do, never a JSON parser stack.
      const why = error instanceof SyntaxError ? 'is not valid JSON' : `cannot be read (${codeOf(error)})`;
      throw new ConfigError('DATA_DIR', `holds ${file}, which ${why}: delete it to generate new development secrets, ${instead}`);
    }
    const { access, refresh, session } = stored ?? {};
    if (typeof access === 'string' && access && typeof refresh === 'string' && refresh && typeof session === 'string' && session) {
      return { access, refresh, session };
    }
  }
  const secrets = {
    access: randomBytes(48).toString('base64url'),
    refresh: randomBytes(48).toString('base64url'),
    session: randomBytes(48).toString('base64url'),
  };
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  } catch (error) {
    throw new ConfigError('DATA_DIR', `(${dataDir}) is not writable (${codeOf(error)}): cannot keep the development secrets in ${file}; point DATA_DIR at a writable directory, ${instead}`);
  }
  return secrets;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : String((error as Error | undefined)?.message ?? error);
}

function secret(env: Env, name: string, production: boolean, fallback: () => string): string {
  const raw = value(env, name);
  if (raw === undefined) {
    if (production) throw new ConfigError(name, 'is required when NODE_ENV=production');
    return fallback();
  }
  if (raw.length < 32) throw new ConfigError(name, 'must be at least 32 characters long');
  return raw;
}

const MARKET_FEEDS = ['simulated', 'binance', 'test'] as const;
const MARKET_SECRET = /^[0-9a-f]{64}$/i;
const MARKET_SECRET_HINT = 'set MARKET_SECRET (64 hex digits, e.g. from `openssl rand -hex 32`)';

/**
 * This installation's secret for the simulated market (product.md §11.1): 256 random bits generated once into
 * DATA_DIR/market-secret, beside the dev secrets, so that two installations never share a price path and reading
 * the source tells nobody the next tick. Another process creating it at the same moment wins (its file is read).
 */
function installationMarketSecret(dataDir: string): string {
  const file = join(dataDir, 'market-secret');
  const read = (): string | undefined => {
    let stored: string;
    try {
      stored = readFileSync(file, 'utf8').trim();
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return undefined;
      throw new ConfigError('DATA_DIR', `holds ${file}, which cannot be read (${codeOf(error)}): fix its permissions, or ${MARKET_SECRET_HINT}`);
    }
    if (!MARKET_SECRET.test(stored)) {
      throw new ConfigError(
        'DATA_DIR',
        `holds ${file}, which is not a 256-bit secret (64 hex digits): delete it to generate a new one (prices go on from the last stored quote), or ${MARKET_SECRET_HINT}`,
      );
    }
    return stored.toLowerCase();
  };
  const existing = read();
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return read() ?? secret;
    throw new ConfigError('DATA_DIR', `(${dataDir}) is not writable (${codeOf(error)}): cannot keep the market secret in ${file}; point DATA_DIR at a writable directory, or ${MARKET_SECRET_HINT}`);
  }
  return secret;
}

/** The secret a MARKET_SEED stands for: a reproducible path, for the tests only (anyone who knows the seed knows the path). */
export function marketSecretOfSeed(seed: number): string {
  return createHash('sha256').update(`mirrorline market seed ${seed}`).digest('hex');
}

/** MARKET_* and BINANCE_WS_URL (product.md §3, §9.2, §11.1). */
function marketConfig(
  env: Env,
  nodeEnv: AppConfig['nodeEnv'],
  dataDir: string,
): Pick<AppConfig, 'marketFeed' | 'marketSecret' | 'marketMaxQuoteAgeMs' | 'marketMaxFillAgeMs' | 'binanceWsUrl'> {
  const feed = (value(env, 'MARKET_FEED') ?? (nodeEnv === 'test' ? 'test' : 'simulated')) as AppConfig['marketFeed'];
  if (!MARKET_FEEDS.includes(feed)) throw new ConfigError('MARKET_FEED', `must be simulated or binance (got "${feed}")`);
  if (feed === 'test' && nodeEnv !== 'test') throw new ConfigError('MARKET_FEED', 'can be "test" only when NODE_ENV=test (use simulated or binance)');
  if (feed === 'simulated' && nodeEnv === 'production') {
    throw new ConfigError(
      'MARKET_FEED',
      'must be a real feed (binance) when NODE_ENV=production, not "simulated" (the default): real money never trades on prices the platform makes up',
    );
  }
  const seedRaw = value(env, 'MARKET_SEED');
  const secretRaw = value(env, 'MARKET_SECRET');
  if (seedRaw !== undefined) {
    if (nodeEnv !== 'test') {
      throw new ConfigError(
        'MARKET_SEED',
        'is accepted only with NODE_ENV=test: a seed makes every simulated price known in advance; remove it (each installation keeps its own secret in DATA_DIR) or ' +
          MARKET_SECRET_HINT,
      );
    }
    if (!/^\d{1,15}$/.test(seedRaw)) throw new ConfigError('MARKET_SEED', `must be a whole number from 0 to 999999999999999 (got "${seedRaw}")`);
    if (secretRaw !== undefined) throw new ConfigError('MARKET_SEED', 'and MARKET_SECRET are both set: keep one');
  }
  if (secretRaw !== undefined && !MARKET_SECRET.test(secretRaw)) throw new ConfigError('MARKET_SECRET', 'must be 64 hex digits (256 bits), e.g. from `openssl rand -hex 32`');
  // Only where the simulated market may run (its feed, or the tests, whose specs write simulated history).
  const simulated = feed === 'simulated' || nodeEnv === 'test';
  const marketSecret = !simulated
    ? undefined
    : seedRaw !== undefined
      ? marketSecretOfSeed(Number(seedRaw))
      : (secretRaw?.toLowerCase() ?? installationMarketSecret(dataDir));
  const ageRaw = value(env, 'MARKET_MAX_QUOTE_AGE') ?? '10';
  if (!/^\d+(\.\d+)?$/.test(ageRaw) || Number(ageRaw) <= 0 || Number(ageRaw) > 3600) {
    throw new ConfigError('MARKET_MAX_QUOTE_AGE', `must be a number of seconds above 0 and at most 3600 (got "${ageRaw}")`);
  }
  const binanceWsUrl = url(env, 'BINANCE_WS_URL', ['ws', 'wss']) ?? 'wss://stream.binance.com:9443';
  return {
    marketFeed: feed,
    marketSecret,
    marketMaxQuoteAgeMs: Math.round(Number(ageRaw) * 1000),
    marketMaxFillAgeMs: milliseconds(env, 'MARKET_MAX_FILL_AGE_MS', 2_000, 100, 3_600_000),
    binanceWsUrl: binanceWsUrl.replace(/\/+$/, ''),
  };
}

/**
 * Reads and validates the environment. Throws ConfigError naming the first bad variable.
 * `cwd` anchors relative paths (var/, uploads) so the API behaves the same from any script.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnvRaw = value(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError('NODE_ENV', `must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const isProduction = nodeEnv === 'production';
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(value(env, 'DATA_DIR') ?? 'var');

  const databaseUrl = url(env, 'DATABASE_URL', ['postgres', 'postgresql']);
  let generated: ReturnType<typeof devSecrets> | undefined;
  const dev = () => (generated ??= devSecrets(dataDir));

  const adminEmail = value(env, 'ADMIN_EMAIL') ?? (isProduction ? undefined : 'admin@mirrorline.local');
  if (adminEmail === undefined) throw new ConfigError('ADMIN_EMAIL', 'is required when NODE_ENV=production');
  if (!EMAIL.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL', `must be an email address (got "${adminEmail}")`);
  const adminPassword = value(env, 'ADMIN_PASSWORD');
  if (adminPassword === undefined && isProduction) {
    throw new ConfigError('ADMIN_PASSWORD', 'is required when NODE_ENV=production');
  }
  if (adminPassword !== undefined && (adminPassword.length < 12 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be 12 to 128 characters long');
  }

  const mailFrom = value(env, 'MAIL_FROM') ?? 'Mirrorline <no-reply@mirrorline.local>';
  const supportEmail = value(env, 'SUPPORT_EMAIL') ?? adminEmail;
  if (!EMAIL.test(supportEmail)) throw new ConfigError('SUPPORT_EMAIL', `must be an email address (got "${supportEmail}")`);
  const corsOrigins = (value(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    try {
      const parsed = new URL(origin);
      if (!['http:', 'https:'].includes(parsed.protocol) || parsed.pathname !== '/') throw new Error();
    } catch {
      throw new ConfigError('CORS_ORIGINS', `must be a comma-separated list of origins like http://localhost:5173 (got "${origin}")`);
    }
  }

  const logLevel = (value(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info')) as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);

  // 20 for requests (the pool's size before the workers' connections were set apart) + the workers'.
  const dbPoolSize = count(env, 'DB_POOL_SIZE', 20 + WORKER_CONNECTIONS, WORKER_CONNECTIONS + 1, 1_000);
  const config: AppConfig = {
    nodeEnv,
    isProduction,
    port: port(env, 'PORT', 3000),
    databaseUrl,
    embeddedPgPort: port(env, 'EMBEDDED_PG_PORT', 5433),
    dataDir,
    jwtAccessSecret: secret(env, 'JWT_ACCESS_SECRET', isProduction, () => dev().access),
    jwtRefreshSecret: secret(env, 'JWT_REFRESH_SECRET', isProduction, () => dev().refresh),
    sessionSecret: secret(env, 'SESSION_SECRET', isProduction, () => dev().session),
    adminEmail: adminEmail.toLowerCase(),
    adminPassword,
    demoData: bool(env, 'DEMO_DATA', !isProduction),
    demoTrading: bool(env, 'DEMO_TRADING', nodeEnv !== 'test' && bool(env, 'DEMO_DATA', !isProduction)),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom,
    supportEmail: supportEmail.toLowerCase(),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    uploadDir: abs(value(env, 'UPLOAD_DIR') ?? join('var', 'uploads')),
    documentStore: documentStore(env),
    corsOrigins,
    logLevel,
    adminPanel: bool(env, 'ADMIN_PANEL', nodeEnv !== 'test'),
    spaDir: value(env, 'SPA_DIR') === 'off' ? undefined : abs(value(env, 'SPA_DIR') ?? join('frontend', 'dist')),
    ...marketConfig(env, nodeEnv, dataDir),
    withdrawalAddressCooldownSeconds: seconds(env, 'WITHDRAWAL_ADDRESS_COOLDOWN', 86400),
    bankDeposit: bankDeposit(env),
    mfaEncryptionKey: '',
    apiDocs: bool(env, 'API_DOCS', !isProduction),
    trustProxy: trustProxy(env),
    shutdownGraceMs: milliseconds(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    httpHeadersTimeoutMs: milliseconds(env, 'HTTP_HEADERS_TIMEOUT_MS', HEADERS_TIMEOUT_MS, 1_000, 600_000),
    httpRequestTimeoutMs: milliseconds(env, 'HTTP_REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS, 1_000, 3_600_000),
    dbStatementTimeoutMs: milliseconds(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000, 100, 600_000),
    dbAcquireTimeoutMs: milliseconds(env, 'DB_ACQUIRE_TIMEOUT_MS', 2_000, 100, 60_000),
    dbQueueShedMs: milliseconds(env, 'DB_QUEUE_SHED_MS', 250, 0, 60_000),
    loginRateLimit: count(env, 'LOGIN_RATE_LIMIT', DEFAULT_LOGIN_RATE_LIMIT, 1, 1_000_000),
    dbPingTimeoutMs: milliseconds(env, 'DB_PING_TIMEOUT_MS', 1_500, 100, 60_000),
    dbPoolSize,
    maxInFlight: count(env, 'MAX_IN_FLIGHT', defaultMaxInFlight(dbPoolSize), 1, 100_000),
    admissionTargetMs: milliseconds(env, 'ADMISSION_TARGET_MS', 500, 0, 60_000),
    outboxSweepMs: milliseconds(env, 'OUTBOX_SWEEP_MS', 5_000, 100, 600_000),
    faultInjection: bool(env, 'FAULT_INJECTION', false),
  };
  if (config.faultInjection && isProduction) throw new ConfigError('FAULT_INJECTION', 'is for the fault tests only and refused when NODE_ENV=production');
  const mfaKey = value(env, 'MFA_ENCRYPTION_KEY');
  if (mfaKey !== undefined && mfaKey.length < 32) throw new ConfigError('MFA_ENCRYPTION_KEY', 'must be at least 32 characters long');
  // A separate key either way: the stored secrets never share a key with the token signatures.
  config.mfaEncryptionKey = createHmac('sha256', mfaKey ?? config.jwtRefreshSecret).update('mirrorline:mfa-secret-key').digest('base64url');
  if (config.jwtAccessSecret === config.jwtRefreshSecret) {
    throw new ConfigError('JWT_REFRESH_SECRET', 'must differ from JWT_ACCESS_SECRET');
  }
  return config;
}

/**
 * Settings that are valid but probably not meant: logged as warnings at start, never fatal, so that a
 * production deployment does not quietly do something it should not.
 */
export function configWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.isProduction && !config.smtpUrl) {
    warnings.push(
      'SMTP_URL is not set in production: emails, including one-time codes, are written to the log instead of being sent. Set SMTP_URL (smtp://host:port).',
    );
  }
  return warnings;
}
