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
}

export const APP_CONFIG = Symbol('APP_CONFIG');
