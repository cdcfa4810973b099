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
  uploadDir: string;
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Off in Jest (AdminJS is ESM and keeps watchers alive); tested over HTTP against the built app. */
  adminPanel: boolean;
  /** Serve the built SPA from this folder (undefined: do not serve). */
  spaDir?: string;
  trustProxy: boolean;
  /** MARKET_FEED: where prices come from (product.md §9.2); `test` only with NODE_ENV=test (its default there). */
  marketFeed: 'simulated' | 'binance' | 'test';
  /** MARKET_SEED: seed of the simulated market (one seed → one path). */
  marketSeed: number;
  /** MARKET_MAX_QUOTE_AGE in milliseconds: older quotes are stale and nothing fills on them. */
  marketMaxQuoteAgeMs: number;
  /** BINANCE_WS_URL: base URL of the binance feed's WebSocket streams (…/stream?streams= is appended). */
  binanceWsUrl: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
