/** LOGIN_RATE_LIMIT's default: sign-in attempts per client address in 15 minutes (auth's RATE_LIMITS.login). */
export const DEFAULT_LOGIN_RATE_LIMIT = 50;

/** The validated configuration of one running API (product.md §3). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** External PostgreSQL URL; undefined → embedded PostgreSQL under `dataDir/pgdata`. */
  databaseUrl?: string;
  embeddedPgPort: number;
  dataDir: string;
  jwtAccessSecret: string;
  jwtRefreshSecret: string;
  sessionSecret: string;
  adminEmail: string;
  /** undefined in dev when not set: a random one is generated and printed once. */
  adminPassword?: string;
  demoData: boolean;
  /** DEMO_TRADING: demo trader bots open and close trades on the market (product.md §9.5); default DEMO_DATA, off in tests. */
  demoTrading: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Where contact-form messages are mailed (SUPPORT_EMAIL; defaults to ADMIN_EMAIL). */
  supportEmail: string;
  redisUrl?: string;
  /** Uploads in progress (UPLOAD_DIR/tmp), and the KYC documents themselves with the local document store. */
  uploadDir: string;
  /** DOCUMENT_STORE: where KYC documents are kept (libs/kyc DocumentStore): UPLOAD_DIR/kyc, or an S3 bucket every replica reaches. */
  documentStore: DocumentStoreConfig;
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Off in Jest (AdminJS is ESM and keeps watchers alive); tested over HTTP against the built app. */
  adminPanel: boolean;
  /** Serve the built SPA from this folder (undefined: do not serve). */
  spaDir?: string;
  /** Express "trust proxy": false, a hop count, or the proxies' addresses (TRUST_PROXY; never every hop). */
  trustProxy: false | number | string[];
  /** SIGTERM/SIGINT: how long requests in flight may take to finish before the workers and the pool close. */
  shutdownGraceMs: number;
  /** HTTP_HEADERS_TIMEOUT_MS: a new connection must have sent its first request's headers within this, or 408 (nginx: client_header_timeout). */
  httpHeadersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: a request's body must have arrived within this from its headers, or 408. */
  httpRequestTimeoutMs: number;
  /** PostgreSQL statement_timeout of every pooled connection (settlement sets its own with SET LOCAL). */
  dbStatementTimeoutMs: number;
  /** How long a request waits for a pooled connection (and a new connection for its handshake) before a 503. */
  dbAcquireTimeoutMs: number;
  /**
   * DB_QUEUE_SHED_MS: load shedding by queue wait. While the request at the head of the line for a pooled connection
   * has waited longer than this, a request asking for one answers 503 at once instead of joining the line (0: off).
   */
  dbQueueShedMs: number;
  /**
   * LOGIN_RATE_LIMIT: sign-in attempts one client address may make in 15 minutes (default 50), right or wrong, on top of
   * the per-account failure limit. Raise it where many users share one address (a company NAT) — or for a test run that
   * signs in hundreds of times from 127.0.0.1.
   */
  loginRateLimit: number;
  /** DB_PING_TIMEOUT_MS: how long the database monitor waits for its ping before it counts as unanswered (two in a row trip it). */
  dbPingTimeoutMs: number;
  /** DB_POOL_SIZE: pooled connections of this process; a few are kept for the background workers (price watcher, outbox, feed). */
  dbPoolSize: number;
  /** MAX_IN_FLIGHT: API requests served at once; past it a request answers 503 + Retry-After at once (admission control). */
  maxInFlight: number;
  /**
   * ADMISSION_TARGET_MS: the latency admission control keeps for accepted requests. While more than 10 % of the
   * requests take longer, the limit of requests in flight comes down from MAX_IN_FLIGHT (to the throughput times
   * this), and it goes back up once they do not (0: off, the limit stays MAX_IN_FLIGHT).
   */
  admissionTargetMs: number;
  /** How often every instance looks for pending outbox notices (a dead instance's included). */
  outboxSweepMs: number;
  /** MARKET_FEED: where prices come from (product.md §9.2); `test` only with NODE_ENV=test (its default there). */
  marketFeed: 'simulated' | 'binance' | 'test';
  /**
   * The simulated market's 256-bit secret (64 hex digits) that keys its CSPRNG (product.md §11.1): MARKET_SECRET,
   * or made from MARKET_SEED (NODE_ENV=test only), or generated once per installation into DATA_DIR/market-secret.
   * Set whenever the simulated market may run (MARKET_FEED=simulated, or NODE_ENV=test); undefined otherwise.
   */
  marketSecret?: string;
  /** MARKET_MAX_QUOTE_AGE in milliseconds: older quotes are stale (charts, marks) and nothing fills on them. */
  marketMaxQuoteAgeMs: number;
  /** MARKET_MAX_FILL_AGE_MS: a fill uses a quote at most this old, else 503 MARKET.NO_QUOTE (product.md §11.1). */
  marketMaxFillAgeMs: number;
  /** BINANCE_WS_URL: base URL of the binance feed's WebSocket streams (…/stream?streams= is appended). */
  binanceWsUrl: string;
  /** WITHDRAWAL_ADDRESS_COOLDOWN: seconds before a new withdrawal address is usable (product.md §10). */
  withdrawalAddressCooldownSeconds: number;
  /**
   * Where users send a bank transfer and its limits (product.md §12.6, docs/wallet.md "Bank transfers"):
   * DEPOSIT_BANK_BENEFICIARY, DEPOSIT_BANK_NAME, DEPOSIT_BANK_IBAN, DEPOSIT_BANK_BIC (demo defaults), and
   * DEPOSIT_MIN_AMOUNT / DEPOSIT_MAX_AMOUNT per transfer, in cents here.
   */
  bankDeposit: BankDepositConfig;
  /**
   * 32-byte key (base64url) that encrypts TOTP secrets at rest: MFA_ENCRYPTION_KEY, or derived from
   * JWT_REFRESH_SECRET when unset (so production needs no new secret; rotating that secret then
   * requires re-enrolment).
   */
  mfaEncryptionKey: string;
  /** Serve Swagger UI at /api/docs and the OpenAPI document at /api/docs-json (API_DOCS; off in production). */
  apiDocs: boolean;
  /**
   * FAULT_INJECTION (never in production): a request may ask, with the X-Fault-Injection header, for the process to
   * die or hold at a named point, e.g. right after a money-moving request's commit (the fault tier's crash specs).
   */
  faultInjection: boolean;
}

/**
 * `local`: files under UPLOAD_DIR/kyc (one host, or one volume shared by the replicas). `s3`: an S3 bucket (AWS S3, MinIO,
 * …): S3_BUCKET, S3_REGION, S3_ENDPOINT (unset: AWS), path-style addressing (S3_FORCE_PATH_STYLE, on with an endpoint, as
 * MinIO needs); credentials from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the host's role).
 */
export interface BankDepositConfig {
  beneficiary: string;
  bankName: string;
  iban: string;
  bic: string;
  minCents: number;
  maxCents: number;
}

export type DocumentStoreConfig = { kind: 'local' } | { kind: 's3'; bucket: string; region: string; endpoint?: string; forcePathStyle: boolean };

export const APP_CONFIG = Symbol('APP_CONFIG');
