import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { UserInfo } from '@mirrorline/auth';
import type { KycStatus, Role } from '@mirrorline/users';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  roles: Role[];
  token: string;
  /** `Authorization` header value */
  bearer: string;
}

export interface TestUserOptions {
  roles?: Role[];
  kyc?: KycStatus;
  verified?: boolean;
  blocked?: boolean;
  username?: string;
  email?: string;
  /** argon2id hash to store (default: a placeholder that matches no password) */
  passwordHash?: string;
}

/**
 * Inserts a user straight into the database and signs an access token for it with the app's key,
 * for specs that test something other than the sign-up flow.
 */
export async function createUser(t: TestApp, options: TestUserOptions = {}): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const username = options.username ?? `user_${suffix}`;
  const email = options.email ?? `${username}@example.test`;
  const roles: Role[] = options.roles ?? ['User'];
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status, blocked)
     VALUES (?, ?, 'Test', 'User', ?, ?::text[], ?, ?, ?) RETURNING id`,
    [
      email.toLowerCase(),
      username,
      options.passwordHash ?? '$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder',
      `{${roles.join(',')}}`,
      options.verified ?? true,
      options.kyc ?? 'Unverified',
      options.blocked ?? false,
    ],
  );
  const token = signAccessToken(t, { userId: row.id, email, username, roles, kyc: options.kyc ?? 'Unverified' });
  return { id: row.id, email, username, roles, token, bearer: `Bearer ${token}` };
}

export function signAccessToken(
  t: TestApp,
  user: { userId: string; email: string; username: string; roles: Role[]; kyc?: KycStatus; traderID?: number | null },
  options: { expiresIn?: number; imp?: string; secret?: string } = {},
): string {
  const info: UserInfo = {
    userId: user.userId,
    verified: true,
    email: user.email,
    username: user.username,
    firstname: 'Test',
    lastname: 'User',
    traderID: user.traderID ?? null,
    copyID: [],
    balance: '0.00',
    tradingBalance: '0.00',
    roles: user.roles,
    kycverified: user.kyc === 'Verified',
    kycstring: user.kyc ?? 'Unverified',
    copiedTrades: 0,
  };
  return new JwtService().sign(
    { UserInfo: info, sub: user.userId, typ: 'access', ...(options.imp ? { imp: options.imp } : {}) },
    { secret: options.secret ?? t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: options.expiresIn ?? 900 },
  );
}
