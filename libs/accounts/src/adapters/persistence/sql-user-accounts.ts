import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { type AccountRecord, type NewAccount, UserAccounts } from '../../application/user-accounts';
import { usersQueries, type AccountRow } from './users.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toRecord(row: AccountRow | undefined): AccountRecord | null {
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
    const rows = await runSql(emOf(tx), usersQueries.liveAccountByEmail(email));
    return toRecord(rows[0]);
  }

  async findById(tx: TransactionContext, id: string): Promise<AccountRecord | null> {
    if (!UUID.test(id)) return null;
    const rows = await runSql(emOf(tx), usersQueries.liveAccountById(id));
    return toRecord(rows[0]);
  }

  async emailExists(tx: TransactionContext, email: string): Promise<boolean> {
    const rows = await runSql(emOf(tx), usersQueries.emailExists(email));
    return rows.length > 0;
  }

  async usernameExists(tx: TransactionContext, username: string): Promise<boolean> {
    const rows = await runSql(emOf(tx), usersQueries.usernameExists(username));
    return rows.length > 0;
  }

  async create(tx: TransactionContext, account: NewAccount): Promise<string> {
    const rows = await runSql(emOf(tx), usersQueries.insertUser(account));
    return rows[0].id;
  }

  async markEmailVerified(tx: TransactionContext, id: string): Promise<void> {
    await runSql(emOf(tx), usersQueries.markEmailVerified(id));
  }

  async setPasswordHash(tx: TransactionContext, id: string, passwordHash: string): Promise<void> {
    await runSql(emOf(tx), usersQueries.setPasswordHash(id, passwordHash));
  }

  async invalidateTokensBefore(tx: TransactionContext, id: string, at: Date): Promise<void> {
    await runSql(emOf(tx), usersQueries.invalidateTokensBefore(id, at));
  }

  async adminExists(tx: TransactionContext): Promise<boolean> {
    const rows = await runSql(emOf(tx), usersQueries.adminExists());
    return rows.length > 0;
  }
}
