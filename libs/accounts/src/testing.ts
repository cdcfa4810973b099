import { DomainError, type Page, type TransactionContext } from '@mirrorline/shared';
import type { Role } from './domain/roles';
import type { UserAccount } from './domain/user-account';
import { UserRepository, type NewUser, type UserSearch } from './application/user.repository';

// The accounts context's fakes for other contexts' unit specs (imported as @mirrorline/accounts/testing).

export function aUser(overrides: Partial<UserAccount> = {}): UserAccount {
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return {
    id,
    email: `${id.slice(-6)}@example.test`,
    username: `user_${id.slice(-6)}`,
    firstname: 'Test',
    lastname: 'User',
    roles: ['User'],
    emailVerified: true,
    kycStatus: 'Unverified',
    blocked: false,
    deletedAt: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

export class InMemoryUserRepository extends UserRepository {
  readonly users = new Map<string, UserAccount>();
  readonly hashes = new Map<string, string>();

  add(user: UserAccount, passwordHash = 'hash:none'): UserAccount {
    this.users.set(user.id, user);
    this.hashes.set(user.id, passwordHash);
    return user;
  }
  async findById(_tx: TransactionContext | null, id: string) {
    return this.users.get(id) ?? null;
  }
  async lockById(_tx: TransactionContext, id: string) {
    const user = this.users.get(id);
    return user && !user.deletedAt ? { ...user } : null;
  }
  async passwordHashOf(_tx: TransactionContext | null, id: string) {
    return this.users.get(id)?.deletedAt ? null : (this.hashes.get(id) ?? null);
  }
  async findByEmailWithHash(email: string) {
    const user = [...this.users.values()].find((u) => u.email === email && !u.deletedAt);
    return user ? { user, passwordHash: this.hashes.get(user.id) ?? '' } : null;
  }
  async list(query: UserSearch): Promise<Page<UserAccount>> {
    const items = [...this.users.values()].filter((u) => !u.deletedAt);
    return { items: items.slice((query.page - 1) * query.limit, query.page * query.limit), total: items.length, page: query.page, limit: query.limit };
  }
  async create(_tx: TransactionContext, user: NewUser) {
    if ([...this.users.values()].some((u) => u.email === user.email)) throw new DomainError('USERS.EMAIL_TAKEN', 'taken', 'conflict');
    return this.add(aUser({ ...user, kycStatus: user.kycStatus ?? 'Unverified' }), user.passwordHash);
  }
  async setBlocked(_tx: TransactionContext, id: string, blocked: boolean) {
    this.users.set(id, { ...this.users.get(id)!, blocked });
  }
  async setRoles(_tx: TransactionContext, id: string, roles: Role[]) {
    this.users.set(id, { ...this.users.get(id)!, roles });
  }
  async anonymise(_tx: TransactionContext, id: string, identity: { email: string; username: string; firstname: string; lastname: string }, passwordHash: string, deletedAt: Date) {
    this.users.set(id, { ...this.users.get(id)!, ...identity, deletedAt, blocked: true });
    this.hashes.set(id, passwordHash);
  }
}
