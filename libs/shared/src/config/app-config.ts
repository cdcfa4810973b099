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
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  uploadDir: string;
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
  /** PostgreSQL statement_timeout of every pooled connection (settlement sets its own with SET LOCAL). */
  dbStatementTimeoutMs: number;
  /** How long a request waits for a pooled connection (and a new connection for its handshake) before a 503. */
  dbAcquireTimeoutMs: number;
  /** How often every instance looks for pending outbox notices (a dead instance's included). */
  outboxSweepMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
