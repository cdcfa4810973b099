import { likeContains, sql, sqlArray, type Sql, type UsersTable } from '@mirrorline/shared';
import type { KycStatus, Role } from '../../domain/roles';

/** `users`' enums, narrowed from the generated text columns. */
type Narrowed = { roles: Role[]; kyc_status: KycStatus };

/** A row of `users` as the repository reads it (password_hash only where asked for). */
export type UserRow = Pick<UsersTable, 'id' | 'email' | 'username' | 'firstname' | 'lastname' | 'email_verified' | 'blocked' | 'deleted_at' | 'created_at'> &
  Narrowed & { password_hash?: UsersTable['password_hash'] };

/** A row of `users` as auth's UserAccounts reads it (credentials and the flags sign-in checks). */
export type AccountRow = Pick<UsersTable, 'id' | 'email' | 'username' | 'firstname' | 'lastname' | 'password_hash' | 'email_verified' | 'blocked'> & Narrowed;

const USER_COLUMNS = sql`id, email, username, firstname, lastname, roles, email_verified, kyc_status, blocked, deleted_at, created_at`;
const ACCOUNT_COLUMNS = sql`id, email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status, blocked`;

const listFilter = (search: string | undefined): Sql<unknown> =>
  search
    ? sql`WHERE deleted_at IS NULL AND (username ILIKE ${likeContains(search)} ESCAPE '\\' OR email ILIKE ${likeContains(search)} ESCAPE '\\')`
    : sql`WHERE deleted_at IS NULL`;

/**
 * Every statement of the users context's adapters on `users` (SqlUserRepository and auth's SqlUserAccounts),
 * named, so the adapters only run them and `test/medium/named-queries.medium-spec.ts` plans each against a migrated database.
 */
export const usersQueries = {
  userById(id: string): Sql<UserRow> {
    return sql`SELECT ${USER_COLUMNS} FROM users WHERE id = ${id}`;
  },
  lockLiveUser(id: string): Sql<UserRow> {
    return sql`SELECT ${USER_COLUMNS} FROM users WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`;
  },
  passwordHashOf(id: string): Sql<Pick<UsersTable, 'password_hash'>> {
    return sql`SELECT password_hash FROM users WHERE id = ${id} AND deleted_at IS NULL`;
  },
  liveUserWithHashByEmail(email: string): Sql<UserRow> {
    return sql`SELECT ${USER_COLUMNS}, password_hash FROM users WHERE email = ${email} AND deleted_at IS NULL`;
  },
  countUsers(search: string | undefined): Sql<{ total: string }> {
    return sql`SELECT count(*) AS total FROM users ${listFilter(search)}`;
  },
  pageOfUsers(search: string | undefined, limit: number, offset: number): Sql<UserRow> {
    return sql`SELECT ${USER_COLUMNS} FROM users ${listFilter(search)} ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`;
  },
  takenEmailOrUsername(email: string, username: string): Sql<Pick<UsersTable, 'email' | 'username'>> {
    return sql`SELECT email, username FROM users WHERE email = ${email} OR lower(username) = lower(${username})`;
  },
  insertUser(user: {
    email: string;
    username: string;
    firstname: string;
    lastname: string;
    passwordHash: string;
    roles: readonly Role[];
    emailVerified: boolean;
    kycStatus: KycStatus;
  }): Sql<UserRow> {
    return sql`INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
               VALUES (${user.email}, ${user.username}, ${user.firstname}, ${user.lastname}, ${user.passwordHash},
                       ${sqlArray(user.roles)}::text[], ${user.emailVerified}, ${user.kycStatus})
               RETURNING ${USER_COLUMNS}`;
  },
  setBlocked(id: string, blocked: boolean): Sql<never> {
    return sql`UPDATE users SET blocked = ${blocked}, updated_at = now() WHERE id = ${id}`;
  },
  setRoles(id: string, roles: readonly Role[]): Sql<never> {
    return sql`UPDATE users SET roles = ${sqlArray(roles)}::text[], updated_at = now() WHERE id = ${id}`;
  },
  anonymise(
    id: string,
    identity: { email: string; username: string; firstname: string; lastname: string },
    passwordHash: string,
    deletedAt: Date,
  ): Sql<never> {
    return sql`UPDATE users SET email = ${identity.email}, username = ${identity.username}, firstname = ${identity.firstname},
                                lastname = ${identity.lastname}, password_hash = ${passwordHash}, deleted_at = ${deletedAt},
                                blocked = true, updated_at = now()
                WHERE id = ${id}`;
  },

  // auth's UserAccounts
  liveAccountByEmail(email: string): Sql<AccountRow> {
    return sql`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE email = ${email} AND deleted_at IS NULL`;
  },
  liveAccountById(id: string): Sql<AccountRow> {
    return sql`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = ${id} AND deleted_at IS NULL`;
  },
  emailExists(email: string): Sql<{ one: number }> {
    return sql`SELECT 1 AS one FROM users WHERE email = ${email}`;
  },
  usernameExists(username: string): Sql<{ one: number }> {
    return sql`SELECT 1 AS one FROM users WHERE lower(username) = lower(${username})`;
  },
  markEmailVerified(id: string): Sql<never> {
    return sql`UPDATE users SET email_verified = true, updated_at = now() WHERE id = ${id} AND NOT email_verified`;
  },
  /** KYC's transition of the user's status (UserKycStatuses). */
  setKycStatus(id: string, status: KycStatus): Sql<never> {
    return sql`UPDATE users SET kyc_status = ${status}, updated_at = now() WHERE id = ${id}`;
  },

  setPasswordHash(id: string, passwordHash: string): Sql<never> {
    return sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${id}`;
  },
  invalidateTokensBefore(id: string, at: Date): Sql<never> {
    return sql`UPDATE users SET tokens_valid_after = GREATEST(coalesce(tokens_valid_after, ${at}), ${at}) WHERE id = ${id}`;
  },
  adminExists(): Sql<{ one: number }> {
    return sql`SELECT 1 AS one FROM users WHERE 'Admin' = ANY (roles) AND deleted_at IS NULL LIMIT 1`;
  },
};
