import { randomUUID } from 'node:crypto';
import { UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import type { RefreshTokenRecord } from '../domain/refresh-token';
import type { AccessTokenClaims } from '../domain/user-info';
import { PasswordHasher } from '../application/ports/password-hasher';
import { type AccountRecord, type NewAccount, UserAccounts } from '../application/ports/user-accounts';
import { RefreshTokenStore } from '../application/ports/refresh-token.store';
import { LoginFailureLog } from '../application/ports/login-failure-log';
import { CodeTryLog } from '../application/ports/code-try-log';
import { PasswordResetTokens } from '../application/ports/password-reset-tokens';
import { UserBalances } from '../application/ports/user-balances';
import { AccessTokenSigner } from '../application/ports/access-token-signer';

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
    return { cash: 0, copyEquity: 0 };
  }
}

/** Signs nothing: returns the claims as JSON so specs can read them. */
export class JsonAccessTokenSigner extends AccessTokenSigner {
  sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, issuedAtMs: number): string {
    return JSON.stringify({ ...claims, iat: issuedAtMs / 1000 });
  }
}
