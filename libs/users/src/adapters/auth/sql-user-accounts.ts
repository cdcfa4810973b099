import { Injectable } from '@nestjs/common';
import { runSql, sql, sqlArray, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { KycStatus, Role } from '@mirrorline/identity';
import { type AccountRecord, type NewAccount, UserAccounts } from '@mirrorline/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Row {
  id: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  password_hash: string;
  roles: Role[];
  email_verified: boolean;
  kyc_status: KycStatus;
  blocked: boolean;
}

const COLUMNS = 'id, email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status, blocked';

function toRecord(row: Row | undefined): AccountRecord | null {
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    passwordHash: row.password_hash,
    roles: row.roles,
    emailVerified: row.email_verified,
    kycStatus: row.kyc_status,
    blocked: row.blocked,
  };
}

/**
 * Auth's UserAccounts (credentials, sign-up, email verification, token cut-off), answered by the users
 * context that owns `users`: plain SQL over the columns auth needs.
 */
@Injectable()
export class SqlUserAccounts extends UserAccounts {
  async findByEmail(tx: TransactionContext, email: string): Promise<AccountRecord | null> {
    const rows = await emOf(tx).execute<Row[]>(`SELECT ${COLUMNS} FROM users WHERE email = ? AND deleted_at IS NULL`, [email]);
    return toRecord(rows[0]);
  }

  async findById(tx: TransactionContext, id: string): Promise<AccountRecord | null> {
    if (!UUID.test(id)) return null;
    const rows = await emOf(tx).execute<Row[]>(`SELECT ${COLUMNS} FROM users WHERE id = ? AND deleted_at IS NULL`, [id]);
    return toRecord(rows[0]);
  }

  async emailExists(tx: TransactionContext, email: string): Promise<boolean> {
    const rows = await emOf(tx).execute('SELECT 1 FROM users WHERE email = ?', [email]);
    return rows.length > 0;
  }

  async usernameExists(tx: TransactionContext, username: string): Promise<boolean> {
    const rows = await emOf(tx).execute('SELECT 1 FROM users WHERE lower(username) = lower(?)', [username]);
    return rows.length > 0;
  }

  async create(tx: TransactionContext, account: NewAccount): Promise<string> {
    const rows = await runSql(
      emOf(tx),
      sql<{ id: string }>`INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
                          VALUES (${account.email}, ${account.username}, ${account.firstname}, ${account.lastname}, ${account.passwordHash},
                                  ${sqlArray(account.roles)}::text[], ${account.emailVerified}, ${account.kycStatus})
                          RETURNING id`,
    );
    return rows[0].id;
  }

  async markEmailVerified(tx: TransactionContext, id: string): Promise<void> {
    await emOf(tx).execute('UPDATE users SET email_verified = true, updated_at = now() WHERE id = ? AND NOT email_verified', [id]);
  }

  async setPasswordHash(tx: TransactionContext, id: string, passwordHash: string): Promise<void> {
    await emOf(tx).execute('UPDATE users SET password_hash = ?, updated_at = now() WHERE id = ?', [passwordHash, id]);
  }

  async invalidateTokensBefore(tx: TransactionContext, id: string, at: Date): Promise<void> {
    await emOf(tx).execute('UPDATE users SET tokens_valid_after = GREATEST(coalesce(tokens_valid_after, ?), ?) WHERE id = ?', [at, at, id]);
  }

  async adminExists(tx: TransactionContext): Promise<boolean> {
    const rows = await emOf(tx).execute(`SELECT 1 FROM users WHERE 'Admin' = ANY (roles) AND deleted_at IS NULL LIMIT 1`);
    return rows.length > 0;
  }
}
