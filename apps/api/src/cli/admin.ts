import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { isDomainError, type AppConfig } from '@mirrorline/shared';
import { AppConfigModule } from '@mirrorline/shared/nest';
import { AdminShellModule, GrantAdminFromShellUseCase } from '@mirrorline/back-office';
import { ConfigError, loadConfig } from '../config/load-config';
import { DatabaseModule } from '../database/database.module';
import { migrateDatabase, withPrepareLock } from '../database/migrate';
import { ensureDatabase } from '../database/database-url';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgresHandle } from '../database/embedded-postgres';

/**
 * `npm run admin -- grant EMAIL` (product.md §11.4): the operator grants the Admin role from the shell, at once
 * and audited (`user.roles_change`, no actor, `via: 'shell'`), so that a single-admin installation is never
 * stuck waiting for a second admin to approve a grant. It reaches the database the server uses: DATABASE_URL,
 * or the embedded PostgreSQL of DATA_DIR — the running server's (found from its postmaster.pid) or, when no
 * server runs, one started for this command and stopped after it.
 */
const USAGE = 'usage: npm run admin -- grant EMAIL';

@Module({})
class AdminCliModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return { module: AdminCliModule, imports: [AppConfigModule.forRoot(config), DatabaseModule.forRoot(databaseUrl, config), AdminShellModule] };
  }
}

/**
 * The URL of the PostgreSQL already running from `dataDir` (the server's embedded one), or null. Its
 * postmaster.pid names the process (line 1) and the port (line 4); the superuser password is kept beside the
 * data directory (embedded-postgres.ts). Starting another server there would stop the running one.
 */
function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(lines[0]), 0);
  } catch {
    return null; // a stale lock file: nothing runs
  }
  const password = readFileSync(join(dirname(dataDir), `${basename(dataDir)}.password`), 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/postgres`;
}

async function grant(email: string): Promise<string> {
  const config = loadConfig();
  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dataDir = join(config.dataDir, 'pgdata');
    let server = runningEmbeddedUrl(dataDir);
    if (!server) {
      embedded = await startEmbeddedPostgres({ dataDir, port: config.embeddedPgPort, persistent: true });
      server = embedded.url;
      await ensureDatabase(server, 'mirrorline');
    }
    databaseUrl = withDatabase(server, 'mirrorline');
  }
  try {
    // A database nobody started yet: its schema first (as `npm start` would; one instance at a time).
    await withPrepareLock(databaseUrl, () => migrateDatabase(databaseUrl));
    const app = await NestFactory.createApplicationContext(AdminCliModule.forRoot(config, databaseUrl), { logger: false, abortOnError: false });
    try {
      const result = await app.get(GrantAdminFromShellUseCase).execute({ email, operator: operator() });
      return result.granted
        ? `Granted the Admin role to ${result.user.email} (audited as user.roles_change via shell). They enrol in two-factor authentication at their first sign-in.`
        : `${result.user.email} already has the Admin role: nothing changed.`;
    } finally {
      await app.close();
    }
  } finally {
    await embedded?.stop();
  }
}

function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

async function main(args: string[]): Promise<void> {
  const [command, email, ...rest] = args;
  if (command !== 'grant' || !email || rest.length) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  try {
    process.stdout.write(`${await grant(email)}\n`);
    process.exit(0);
  } catch (error) {
    const line = error instanceof ConfigError || isDomainError(error) || error instanceof Error ? error.message : String(error);
    process.stderr.write(`admin grant failed: ${line}\n`);
    process.exit(1);
  }
}

void main(process.argv.slice(2));
