import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, pageOffset, runSql, sql, sqlArray, sqlStateOf, type Page, type TransactionContext } from '@mirrorline/shared';
import type { KycStatus, Role } from '../../domain/user';
import type { UserAccount } from '../../domain/user-account';
import { UserRepository, type NewUser, type UserSearch } from '../../application/ports/user.repository';
import { executorOf } from './sql-executor';

interface UserRow {
  id: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  roles: Role[];
  email_verified: boolean;
  kyc_status: KycStatus;
  blocked: boolean;
  deleted_at: Date | null;
  created_at: Date;
  password_hash?: string;
}

const COLUMNS_SQL = sql`id, email, username, firstname, lastname, roles, email_verified, kyc_status, blocked, deleted_at, created_at`;
const COLUMNS = COLUMNS_SQL.text;
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

/** Escapes LIKE wildcards so that a search for "a_b" or "100%" matches literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class SqlUserRepository extends UserRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async findById(tx: TransactionContext | null, id: string): Promise<UserAccount | null> {
    if (!UUID.test(id)) return null;
    const [row] = await executorOf(this.em, tx).execute<UserRow[]>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]);
    return row ? toAccount(row) : null;
  }

  async lockById(tx: TransactionContext, id: string): Promise<UserAccount | null> {
    if (!UUID.test(id)) return null;
    const [row] = await executorOf(this.em, tx).execute<UserRow[]>(
      `SELECT ${COLUMNS} FROM users WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    return row ? toAccount(row) : null;
  }

  async passwordHashOf(tx: TransactionContext | null, id: string): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const [row] = await executorOf(this.em, tx).execute<Array<{ password_hash: string }>>(
      'SELECT password_hash FROM users WHERE id = ? AND deleted_at IS NULL',
      [id],
    );
    return row?.password_hash ?? null;
  }

  async findByEmailWithHash(email: string): Promise<{ user: UserAccount; passwordHash: string } | null> {
    const [row] = await this.em
      .fork()
      .execute<UserRow[]>(`SELECT ${COLUMNS}, password_hash FROM users WHERE email = ? AND deleted_at IS NULL`, [email]);
    return row ? { user: toAccount(row), passwordHash: row.password_hash ?? '' } : null;
  }

  async list(query: UserSearch): Promise<Page<UserAccount>> {
    const params: unknown[] = [];
    let where = 'WHERE deleted_at IS NULL';
    if (query.search) {
      where += ` AND (username ILIKE ? ESCAPE '\\' OR email ILIKE ? ESCAPE '\\')`;
      params.push(likePattern(query.search), likePattern(query.search));
    }
    const em = this.em.fork();
    const [{ total }] = await em.execute<Array<{ total: string }>>(`SELECT count(*) AS total FROM users ${where}`, params);
    const rows = await em.execute<UserRow[]>(
      `SELECT ${COLUMNS} FROM users ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      [...params, query.limit, pageOffset(query)],
    );
    return { items: rows.map(toAccount), total: Number(total), page: query.page, limit: query.limit };
  }

  async create(tx: TransactionContext, user: NewUser): Promise<UserAccount> {
    const em = executorOf(this.em, tx);
    const taken = await em.execute<Array<{ email: string; username: string }>>(
      'SELECT email, username FROM users WHERE email = ? OR lower(username) = lower(?)',
      [user.email, user.username],
    );
    if (taken.some((row) => row.email === user.email)) throw emailTaken();
    if (taken.length) throw usernameTaken();
    try {
      const [row] = await runSql(
        em,
        sql<UserRow>`INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
                     VALUES (${user.email}, ${user.username}, ${user.firstname}, ${user.lastname}, ${user.passwordHash},
                             ${sqlArray(user.roles)}::text[], ${user.emailVerified}, ${user.kycStatus ?? 'Unverified'})
                     RETURNING ${COLUMNS_SQL}`,
      );
      return toAccount(row);
    } catch (error) {
      // A concurrent request took the email or username between the check and the insert.
      if (sqlStateOf(error) === '23505') throw String((error as Error).message).includes('email') ? emailTaken() : usernameTaken();
      throw error;
    }
  }

  async setBlocked(tx: TransactionContext, id: string, blocked: boolean): Promise<void> {
    await executorOf(this.em, tx).execute('UPDATE users SET blocked = ?, updated_at = now() WHERE id = ?', [blocked, id]);
  }

  async setRoles(tx: TransactionContext, id: string, roles: Role[]): Promise<void> {
    await executorOf(this.em, tx).execute('UPDATE users SET roles = ?::text[], updated_at = now() WHERE id = ?', [`{${roles.join(',')}}`, id]);
  }

  async anonymise(
    tx: TransactionContext,
    id: string,
    identity: { email: string; username: string; firstname: string; lastname: string },
    passwordHash: string,
    deletedAt: Date,
  ): Promise<void> {
    await runSql(
      executorOf(this.em, tx),
      sql`UPDATE users SET email = ${identity.email}, username = ${identity.username}, firstname = ${identity.firstname},
                           lastname = ${identity.lastname}, password_hash = ${passwordHash}, deleted_at = ${deletedAt},
                           blocked = true, updated_at = now()
           WHERE id = ${id}`,
    );
  }
}

const emailTaken = () => new DomainError('USERS.EMAIL_TAKEN', 'This email is already registered', 'conflict');
const usernameTaken = () => new DomainError('USERS.USERNAME_TAKEN', 'This username is already taken', 'conflict');
