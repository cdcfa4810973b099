import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { type AppConfig, UnitOfWork } from '@mirrorline/shared';
import { PasswordHasher } from '../../ports/password-hasher';
import { UserAccounts } from '@mirrorline/accounts';

export type BootstrapAdminResult = { created: false; reason: string } | { created: true; email: string; generatedPassword?: string };

/**
 * Start-up: creates the first admin (product.md §3) when no user has the Admin role. In dev without
 * ADMIN_PASSWORD a random password is generated and printed once to stdout (not to the JSON log).
 */
@Injectable()
export class BootstrapAdminUseCase {
  private readonly logger = new Logger('BootstrapAdminUseCase');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'isProduction' | 'nodeEnv'>, print: (line: string) => void = (line) => process.stdout.write(line)): Promise<BootstrapAdminResult> {
    // Test databases stay empty unless a spec asks for an admin by setting ADMIN_PASSWORD.
    if (config.nodeEnv === 'test' && !config.adminPassword) return { created: false, reason: 'test environment without ADMIN_PASSWORD' };
    if (config.isProduction && !config.adminPassword) throw new Error('ADMIN_PASSWORD is required to create the first admin');
    const generatedPassword = config.adminPassword ? undefined : randomBytes(18).toString('base64url');
    const password = config.adminPassword ?? (generatedPassword as string);
    const passwordHash = await this.hasher.hash(password);
    const result = await this.uow.run(async (tx): Promise<BootstrapAdminResult> => {
      if (await this.accounts.adminExists(tx)) return { created: false, reason: 'an admin exists' };
      if (await this.accounts.emailExists(tx, config.adminEmail)) return { created: false, reason: `${config.adminEmail} belongs to a non-admin user` };
      let username = 'admin';
      if (await this.accounts.usernameExists(tx, username)) username = `admin_${randomBytes(3).toString('hex')}`;
      await this.accounts.create(tx, {
        email: config.adminEmail,
        username,
        firstname: 'Admin',
        lastname: 'Mirrorline',
        passwordHash,
        roles: ['User', 'Admin'],
        emailVerified: true,
        kycStatus: 'Verified',
      });
      return { created: true, email: config.adminEmail, generatedPassword };
    });
    if (!result.created) {
      if (result.reason.includes('non-admin')) this.logger.warn(`No admin created: ${result.reason}`);
      return result;
    }
    this.logger.log(`Created the bootstrap admin ${result.email}`);
    if (generatedPassword) {
      print(`\n  Mirrorline admin created: ${result.email}\n  Password (shown once, change it after signing in): ${generatedPassword}\n\n`);
    }
    return result;
  }
}
