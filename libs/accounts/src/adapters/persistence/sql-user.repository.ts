import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, pageOffset, runSql, sqlStateOf, type Page, type TransactionContext } from '@mirrorline/shared';
import type { Role } from '../../domain/roles';
import type { UserAccount } from '../../domain/user-account';
import { UserRepository, type NewUser, type UserSearch } from '../../application/user.repository';
import { executorOf } from '@mirrorline/shared/nest';
import { usersQueries, type UserRow } from './users.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toAccount = (row: UserRow): UserAccount => ({
  id: row.id,
  email: row.email,
  username: row.username,
  firstname: row.firstname,
  lastname: row.lastname,
  roles: row.roles,
  emailVerified: row.email_verified,
  kycStatus: row.kyc_status,
  blocked: row.blocked,
  deletedAt: row.deleted_at ? new Date(row.deleted_at) : null,
  createdAt: new Date(row.created_at),
});

@Injectable()
export class SqlUserRepository extends UserRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async findById(tx: TransactionContext | null, id: string): Promise<UserAccount | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), usersQueries.userById(id));
    return row ? toAccount(row) : null;
  }

  async lockById(tx: TransactionContext, id: string): Promise<UserAccount | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), usersQueries.lockLiveUser(id));
    return row ? toAccount(row) : null;
  }

  async passwordHashOf(tx: TransactionContext | null, id: string): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const [row] = await runSql(executorOf(this.em, tx), usersQueries.passwordHashOf(id));
    return row?.password_hash ?? null;
  }

  async findByEmailWithHash(email: string): Promise<{ user: UserAccount; passwordHash: string } | null> {
    const [row] = await runSql(this.em.fork(), usersQueries.liveUserWithHashByEmail(email));
    return row ? { user: toAccount(row), passwordHash: row.password_hash ?? '' } : null;
  }

  async list(query: UserSearch): Promise<Page<UserAccount>> {
    const em = this.em.fork();
    const [{ total }] = await runSql(em, usersQueries.countUsers(query.search));
    const rows = await runSql(em, usersQueries.pageOfUsers(query.search, query.limit, pageOffset(query)));
    return { items: rows.map(toAccount), total: Number(total), page: query.page, limit: query.limit };
  }

  async create(tx: TransactionContext, user: NewUser): Promise<UserAccount> {
    const em = executorOf(this.em, tx);
    const taken = await runSql(em, usersQueries.takenEmailOrUsername(user.email, user.username));
    if (taken.some((row) => row.email === user.email)) throw emailTaken();
    if (taken.length) throw usernameTaken();
    try {
      const [row] = await runSql(em, usersQueries.insertUser({ ...user, kycStatus: user.kycStatus ?? 'Unverified' }));
      return toAccount(row);
    } catch (error) {
      // A concurrent request took the email or username between the check and the insert.
      if (sqlStateOf(error) === '23505') throw String((error as Error).message).includes('email') ? emailTaken() : usernameTaken();
      throw error;
    }
  }

  async setBlocked(tx: TransactionContext, id: string, blocked: boolean): Promise<void> {
    await runSql(executorOf(this.em, tx), usersQueries.setBlocked(id, blocked));
  }

  async setRoles(tx: TransactionContext, id: string, roles: Role[]): Promise<void> {
    await runSql(executorOf(this.em, tx), usersQueries.setRoles(id, roles));
  }

  async anonymise(
    tx: TransactionContext,
    id: string,
    identity: { email: string; username: string; firstname: string; lastname: string },
    passwordHash: string,
    deletedAt: Date,
  ): Promise<void> {
    await runSql(executorOf(this.em, tx), usersQueries.anonymise(id, identity, passwordHash, deletedAt));
  }
}

const emailTaken = () => new DomainError('USERS.EMAIL_TAKEN', 'This email is already registered', 'conflict');
const usernameTaken = () => new DomainError('USERS.USERNAME_TAKEN', 'This username is already taken', 'conflict');
