import { randomUUID } from 'node:crypto';
import { UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import type { RefreshTokenRecord } from '../domain/refresh-token';
import type { AccessTokenClaims } from '../domain/user-info';
import { PasswordHasher } from '../application/ports/password-hasher';
import { type AccountRecord, type NewAccount, UserAccounts } from '@mirrorline/accounts';
import { RefreshTokenStore } from '../application/ports/refresh-token.store';
import { LoginFailureLog } from '../application/ports/login-failure-log';
import { CodeTryLog } from '../application/ports/code-try-log';
import { PasswordResetTokens } from '../application/ports/password-reset-tokens';
import { UserBalances } from '../application/ports/user-balances';
import { AccessTokenSigner } from '../application/ports/access-token-signer';
import { AuthSessions, type DeviceInfo, type SessionRecord } from '../application/ports/auth-sessions';
import { MfaStore, type MfaChallengeRecord, type MfaRecord } from '../application/ports/mfa-store';
import { SecurityInbox } from '../application/ports/security-inbox';
import { ApiTokenStore, type ApiTokenRecord } from '../application/ports/api-token-store';

/** In-memory fakes of the auth ports, for unit specs of the use cases. */
export class ImmediateUnitOfWork extends UnitOfWork {
  async run<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T> {
    return work({ kind: 'transaction' });
  }
}

export class FakePasswordHasher extends PasswordHasher {
  readonly calls: string[] = [];
  async hash(password: string): Promise<string> {
    this.calls.push('hash');
    return `hashed:${password}`;
  }
  async verify(hash: string, password: string): Promise<boolean> {
    this.calls.push('verify');
    return hash === `hashed:${password}`;
  }
  async burn(_password: string): Promise<void> {
    this.calls.push('burn');
  }
}

export class InMemoryUserAccounts extends UserAccounts {
  readonly rows: (AccountRecord & { deleted?: boolean; tokensValidAfter?: Date })[] = [];

  add(over: Partial<AccountRecord> = {}): AccountRecord {
    const row: AccountRecord = {
      id: randomUUID(),
      email: 'jane@example.test',
      username: 'jane',
      firstname: 'Jane',
      lastname: 'Doe',
      passwordHash: 'hashed:correct horse',
      roles: ['User'],
      emailVerified: true,
      kycStatus: 'Unverified',
      blocked: false,
      ...over,
    };
    this.rows.push(row);
    return row;
  }

  private live = () => this.rows.filter((r) => !r.deleted);
  async findByEmail(_tx: TransactionContext, email: string) {
    return this.live().find((r) => r.email === email) ?? null;
  }
  async findById(_tx: TransactionContext, id: string) {
    return this.live().find((r) => r.id === id) ?? null;
  }
  async emailExists(_tx: TransactionContext, email: string) {
    return this.rows.some((r) => r.email === email);
  }
  async usernameExists(_tx: TransactionContext, username: string) {
    return this.rows.some((r) => r.username.toLowerCase() === username.toLowerCase());
  }
  async create(_tx: TransactionContext, account: NewAccount) {
    return this.add({ ...account, blocked: false }).id;
  }
  async markEmailVerified(_tx: TransactionContext, id: string) {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.emailVerified = true;
  }
  async setPasswordHash(_tx: TransactionContext, id: string, passwordHash: string) {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.passwordHash = passwordHash;
  }
  async invalidateTokensBefore(_tx: TransactionContext, id: string, at: Date) {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.tokensValidAfter = at;
  }
  async adminExists() {
    return this.live().some((r) => r.roles.includes('Admin'));
  }
}

export class InMemoryRefreshTokenStore extends RefreshTokenStore {
  readonly rows: (RefreshTokenRecord & { tokenHash: string })[] = [];
  async insert(_tx: TransactionContext, token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
    this.rows.push({ id: randomUUID(), userId: token.userId, familyId: token.familyId, tokenHash: token.tokenHash, expiresAt: token.expiresAt, rotatedAt: null, revokedAt: null });
  }
  async findByHashForUpdate(_tx: TransactionContext, tokenHash: string) {
    const row = this.rows.find((r) => r.tokenHash === tokenHash);
    return row ? { ...row } : null;
  }
  async markRotated(_tx: TransactionContext, id: string, at: Date) {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.rotatedAt = at;
  }
  async revokeFamily(_tx: TransactionContext, familyId: string, at: Date) {
    for (const row of this.rows) if (row.familyId === familyId && !row.revokedAt) row.revokedAt = at;
  }
  async revokeAllOfUser(_tx: TransactionContext, userId: string, at: Date, keepFamilyId?: string) {
    for (const row of this.rows) if (row.userId === userId && !row.revokedAt && row.familyId !== keepFamilyId) row.revokedAt = at;
  }
}

export class InMemoryLoginFailureLog extends LoginFailureLog {
  readonly failures: { key: string; at: Date }[] = [];
  readonly accounts = new Map<string, number>();
  async failuresSince(keys: string[], windowStart: Date) {
    return new Map(keys.map((key) => [key, this.failures.filter((f) => f.key === key && f.at > windowStart).map((f) => f.at)]));
  }
  async recordFailure(keys: string[], at: Date) {
    for (const key of keys) this.failures.push({ key, at });
  }
  async clear(key: string) {
    for (let i = this.failures.length - 1; i >= 0; i--) if (this.failures[i].key === key) this.failures.splice(i, 1);
  }
  async accountFailures(userId: string) {
    return this.accounts.get(userId) ?? 0;
  }
  async recordAccountFailure(userId: string) {
    this.accounts.set(userId, (this.accounts.get(userId) ?? 0) + 1);
    return this.accounts.get(userId)!;
  }
  async clearAccount(userId: string) {
    this.accounts.delete(userId);
  }
}

export class InMemoryCodeTryLog extends CodeTryLog {
  readonly events: { key: string; at: Date }[] = [];
  readonly locked: string[] = [];
  async lock(_tx: TransactionContext, key: string) {
    this.locked.push(key);
  }
  async since(_tx: TransactionContext, key: string, since: Date) {
    return this.events.filter((e) => e.key === key && e.at > since).map((e) => e.at).sort((a, b) => b.getTime() - a.getTime());
  }
  async record(_tx: TransactionContext, key: string, at: Date) {
    this.events.push({ key, at });
  }
  async clear(_tx: TransactionContext, key: string) {
    for (let i = this.events.length - 1; i >= 0; i--) if (this.events[i].key === key) this.events.splice(i, 1);
  }
}

export class InMemoryPasswordResetTokens extends PasswordResetTokens {
  readonly rows: { tokenHash: string; userId: string; expiresAt: Date; usedAt: Date | null }[] = [];
  async insert(_tx: TransactionContext, token: { tokenHash: string; userId: string; expiresAt: Date }) {
    this.rows.push({ tokenHash: token.tokenHash, userId: token.userId, expiresAt: token.expiresAt, usedAt: null });
  }
  async consume(_tx: TransactionContext, tokenHash: string, now: Date) {
    const row = this.rows.find((r) => r.tokenHash === tokenHash && !r.usedAt && r.expiresAt > now);
    if (!row) return null;
    row.usedAt = now;
    return row.userId;
  }
}

export class ZeroUserBalances extends UserBalances {
  async of() {
    return { cash: 0, held: 0, copyEquity: 0 };
  }
}

/** Signs nothing: returns the claims as JSON so specs can read them. */
export class JsonAccessTokenSigner extends AccessTokenSigner {
  sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, issuedAtMs: number): string {
    return JSON.stringify({ ...claims, iat: issuedAtMs / 1000 });
  }
}

export class InMemoryAuthSessions extends AuthSessions {
  readonly rows: (SessionRecord & { userId: string; revokedAt: Date | null })[] = [];
  async touch(_tx: TransactionContext, s: { id: string; userId: string; at: Date; device?: DeviceInfo }) {
    const row = this.rows.find((r) => r.id === s.id);
    if (row) row.lastUsedAt = s.at;
    else this.rows.push({ id: s.id, userId: s.userId, createdAt: s.at, lastUsedAt: s.at, userAgent: s.device?.userAgent ?? null, ip: s.device?.ip ?? null, revokedAt: null });
  }
  async listActive(_tx: TransactionContext, userId: string, since: Date) {
    return this.rows.filter((r) => r.userId === userId && !r.revokedAt && r.lastUsedAt > since);
  }
  async isActiveOfUser(_tx: TransactionContext, userId: string, id: string) {
    return this.rows.some((r) => r.id === id && r.userId === userId && !r.revokedAt);
  }
  async deviceHistory(_tx: TransactionContext, userId: string, userAgent: string | undefined) {
    const mine = this.rows.filter((r) => r.userId === userId);
    return { any: mine.length > 0, known: mine.some((r) => r.userAgent === (userAgent ?? null)) };
  }
}

export class InMemoryMfaStore extends MfaStore {
  readonly records = new Map<string, MfaRecord>();
  readonly recovery: { userId: string; hash: string; usedAt: Date | null }[] = [];
  readonly challenges: (MfaChallengeRecord & { tokenHash: string })[] = [];
  async findForUpdate(_tx: TransactionContext, userId: string) {
    const r = this.records.get(userId);
    return r ? { ...r } : null;
  }
  async find(tx: TransactionContext, userId: string) {
    return this.findForUpdate(tx, userId);
  }
  async setPending(_tx: TransactionContext, userId: string, pendingSecretEnc: string) {
    const r = this.records.get(userId) ?? { userId, secretEnc: null, pendingSecretEnc: null, enabledAt: null, lastStep: null };
    this.records.set(userId, { ...r, pendingSecretEnc });
  }
  async enable(_tx: TransactionContext, userId: string, secretEnc: string, at: Date, lastStep: number) {
    this.records.set(userId, { userId, secretEnc, pendingSecretEnc: null, enabledAt: at, lastStep });
  }
  async setLastStep(_tx: TransactionContext, userId: string, step: number) {
    const r = this.records.get(userId);
    if (r) r.lastStep = step;
  }
  async disable(_tx: TransactionContext, userId: string) {
    this.records.delete(userId);
    for (let i = this.recovery.length - 1; i >= 0; i--) if (this.recovery[i].userId === userId) this.recovery.splice(i, 1);
  }
  async replaceRecoveryCodes(tx: TransactionContext, userId: string, hashes: string[]) {
    for (let i = this.recovery.length - 1; i >= 0; i--) if (this.recovery[i].userId === userId) this.recovery.splice(i, 1);
    for (const hash of hashes) this.recovery.push({ userId, hash, usedAt: null });
  }
  async useRecoveryCode(_tx: TransactionContext, userId: string, hash: string, at: Date) {
    const row = this.recovery.find((r) => r.userId === userId && r.hash === hash && !r.usedAt);
    if (!row) return false;
    row.usedAt = at;
    return true;
  }
  async recoveryCodesLeft(_tx: TransactionContext, userId: string) {
    return this.recovery.filter((r) => r.userId === userId && !r.usedAt).length;
  }
  async insertChallenge(_tx: TransactionContext, c: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }) {
    this.challenges.push({ id: randomUUID(), userId: c.userId, tokenHash: c.tokenHash, expiresAt: c.expiresAt, spentAt: null });
  }
  async findChallengeForUpdate(_tx: TransactionContext, tokenHash: string) {
    const c = this.challenges.find((x) => x.tokenHash === tokenHash);
    return c ? { ...c } : null;
  }
  async spendChallenge(_tx: TransactionContext, id: string, at: Date) {
    const c = this.challenges.find((x) => x.id === id);
    if (c) c.spentAt = at;
  }
}

export class InMemorySecurityInbox extends SecurityInbox {
  readonly posted: { userId: string; type: string; title: string; body: string }[] = [];
  async post(_tx: TransactionContext, notice: { userId: string; type: string; title: string; body: string }) {
    this.posted.push(notice);
  }
}

export class InMemoryApiTokenStore extends ApiTokenStore {
  readonly rows: (ApiTokenRecord & { userId: string; tokenHash: string; revokedAt: Date | null })[] = [];
  async listLive(_tx: TransactionContext, userId: string) {
    return this.rows.filter((r) => r.userId === userId && !r.revokedAt);
  }
  async countLive(tx: TransactionContext, userId: string) {
    return (await this.listLive(tx, userId)).length;
  }
  async insert(_tx: TransactionContext, t: { userId: string; name: string; scopes: string[]; tokenHash: string; prefix: string; createdAt: Date }) {
    const id = randomUUID();
    this.rows.push({ id, ...t, lastUsedAt: null, revokedAt: null });
    return id;
  }
  async revoke(_tx: TransactionContext, userId: string, id: string, at: Date) {
    const row = this.rows.find((r) => r.id === id && r.userId === userId && !r.revokedAt);
    if (row) row.revokedAt = at;
    return !!row;
  }
  async revokeAllOfUser(_tx: TransactionContext, userId: string, at: Date) {
    const live = this.rows.filter((r) => r.userId === userId && !r.revokedAt);
    for (const row of live) row.revokedAt = at;
    return live.length;
  }
}
