import { sql, type Sql, type UsersTable } from '@mirrorline/shared';
import { usersTable } from '@mirrorline/accounts/sql';

/**
 * The wallet's reads of an account holder (accounts' `users`, through its usersTable fragment), run by
 * SqlAccountHolders inside the wallet's transaction. FOR KEY SHARE: the weakest lock that still conflicts with
 * the deletion's FOR UPDATE.
 */
export const accountHoldersQueries = {
  kycStatus(userId: string): Sql<Pick<UsersTable, 'kyc_status'> & { deleted: boolean }> {
    return sql<Pick<UsersTable, 'kyc_status'> & { deleted: boolean }>`SELECT kyc_status, deleted_at IS NOT NULL AS deleted FROM ${usersTable} WHERE id = ${userId} FOR KEY SHARE`;
  },

  deleted(userId: string): Sql<{ deleted: boolean }> {
    return sql<{ deleted: boolean }>`SELECT deleted_at IS NOT NULL AS deleted FROM ${usersTable} WHERE id = ${userId} FOR KEY SHARE`;
  },
};
