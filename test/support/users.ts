import { randomBytes, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Totp, totpStepAt, type UserInfo } from '@mirrorline/auth';
import { sealSecret } from '@mirrorline/auth/testing';
import type { KycStatus, Role } from '@mirrorline/accounts';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  roles: Role[];
  token: string;
  /** `Authorization` header value */
  bearer: string;
  /** The session (auth_sessions row) the token belongs to: revoking it refuses the token (TOKEN_REVOKED). */
  sessionId: string;
  /** The base32 TOTP secret when 2FA is on (Admins by default): pass it to `totpCode`. */
  mfaSecret?: string;
}

export interface TestUserOptions {
  roles?: Role[];
  /**
   * Default: 'Verified' for a Trader (only a KYC-Verified trader is listed and may open trades, product.md
   * §9.6), 'Unverified' for everyone else.
   */
  kyc?: KycStatus;
  verified?: boolean;
  blocked?: boolean;
  username?: string;
  email?: string;
  /** argon2id hash to store (default: a placeholder that matches no password) */
  passwordHash?: string;
  /**
   * Turn 2FA on (a random TOTP secret, enrolled). Default: on for Admins, who must have it (product.md §10),
   * off for everyone else. `mfa: false` makes an Admin who has not enrolled yet (enforcement specs).
   */
  mfa?: boolean;
  /**
   * Saved withdrawal addresses, usable at once (withdrawals go only to those, product.md §10).
   * Default for a KYC-Verified user (the only kind that can withdraw): TEST_DESTINATIONS; none otherwise.
   */
  withdrawalAddresses?: string[];
}

/** The destinations the wallet specs withdraw to; saved (cooled down) for every KYC-Verified test user by default. */
export const TEST_DESTINATIONS = ['IBAN', 'x', 'parallel', 'DE89 3704 0044 0532 0130 00', 'wallet 0xabc', 'x'.repeat(200)];

/** Saves withdrawal addresses for a user, usable now (the cooldown already passed). */
export async function saveWithdrawalAddresses(t: TestApp, userId: string, destinations: string[]): Promise<void> {
  if (!destinations.length) return;
  const rows = destinations.map(() => "(?, ?, ?, now() - interval '2 days', now() - interval '1 day')").join(', ');
  await t.sql(
    `INSERT INTO withdrawal_addresses (user_id, label, destination, created_at, usable_at) VALUES ${rows}
     ON CONFLICT (user_id, destination) DO NOTHING`,
    destinations.flatMap((d) => [userId, d.slice(0, 64), d]),
  );
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
  const kyc: KycStatus = options.kyc ?? (roles.includes('Trader') ? 'Verified' : 'Unverified');
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status, blocked)
     VALUES (?, ?, 'Test', 'User', ?, ?::text[], ?, ?, ?) RETURNING id`,
    [
      email.toLowerCase(),
      username,
      options.passwordHash ?? '$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder',
      `{${roles.join(',')}}`,
      options.verified ?? true,
      kyc,
      options.blocked ?? false,
    ],
  );
  let mfaSecret: string | undefined;
  if (options.mfa ?? roles.includes('Admin')) {
    mfaSecret = Totp.newSecret();
    await t.sql('INSERT INTO user_mfa (user_id, secret_enc, enabled_at) VALUES (?, ?, now())', [row.id, sealSecret(t.config.mfaEncryptionKey, mfaSecret)]);
  }
  await saveWithdrawalAddresses(t, row.id, options.withdrawalAddresses ?? (kyc === 'Verified' ? TEST_DESTINATIONS : []));
  const sessionId = await createSession(t, row.id);
  sessionsOfUsers.set(row.id, sessionId);
  const token = signAccessToken(t, { userId: row.id, email, username, roles, kyc }, { sid: sessionId });
  return { id: row.id, email, username, roles, token, bearer: `Bearer ${token}`, sessionId, mfaSecret };
}

/** The session made by createUser, per user id: signAccessToken uses it when given no `sid`. */
const sessionsOfUsers = new Map<string, string>();

/** A session row (what a sign-in creates) for tokens signed by `signAccessToken`. */
export async function createSession(t: TestApp, userId: string, userAgent = 'jest'): Promise<string> {
  const id = randomUUID();
  await t.sql('INSERT INTO auth_sessions (id, user_id, created_at, last_used_at, user_agent) VALUES (?, ?, now(), now(), ?)', [id, userId, userAgent]);
  return id;
}

/**
 * The TOTP code of a secret at a time (default: now; `stepOffset` ±1 for the drift window). A code is
 * accepted once: for a second action in the same 30 s, use the next step (`stepOffset: 1`).
 */
export function totpCode(secret: string, options: { at?: Date; stepOffset?: number } = {}): string {
  return Totp.codeAt(secret, totpStepAt((options.at ?? new Date()).getTime()) + (options.stepOffset ?? 0));
}

export function signAccessToken(
  t: TestApp,
  user: { userId: string; email: string; username: string; roles: Role[]; kyc?: KycStatus; traderID?: number | null },
  options: { expiresIn?: number; imp?: string; secret?: string; sid?: string } = {},
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
  // A token without a session is refused (403 TOKEN_EXPIRED): default to the user's createUser session.
  const sid = options.sid ?? sessionsOfUsers.get(user.userId);
  return new JwtService().sign(
    { UserInfo: info, sub: user.userId, typ: 'access', ...(sid ? { sid } : {}), ...(options.imp ? { imp: options.imp } : {}) },
    { secret: options.secret ?? t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: options.expiresIn ?? 900 },
  );
}
