import { pageOffset, sql, sqlJoin, type KycSubmissionsTable, type Sql, type UsersTable } from '@mirrorline/shared';
import type { KycStatus } from '@mirrorline/accounts';
import { usersTable } from '@mirrorline/accounts/sql';
import type { DocumentType, KycSubmission, SubmissionStatus } from '../../domain/kyc';
import type { KycSubmissionQuery } from '../../application/ports/kyc-submission.repository';

/** A submission of the admin list, with its user's names. */
export type KycSubmissionListRow = Pick<KycSubmissionsTable, 'id' | 'user_id' | 'document_number' | 'reviewed_by' | 'reviewed_at' | 'created_at'> & {
  document_type: DocumentType;
  status: SubmissionStatus;
  files: KycSubmission['files'];
} & Pick<UsersTable, 'username' | 'email'>;

/** The list's filter (alias k = kyc_submissions). */
function listFilter(query: KycSubmissionQuery): Sql<unknown> {
  const where: Sql<unknown>[] = [];
  if (query.status) where.push(sql`k.status = ${query.status}`);
  if (query.userId) where.push(sql`k.user_id = ${query.userId}`);
  return where.length ? sql`WHERE ${sqlJoin(where, sql` AND `)}` : sql``;
}

/**
 * KYC's statements outside MikroORM (MikroOrmKycSubmissionRepository runs them): the user's KYC status, read
 * through accounts' `usersTable` fragment, and the admin list joined to `users`.
 */
export const kycSubmissionsQueries = {
  /** The live user's KYC status, locked FOR UPDATE (a submission or a review changes it next). */
  lockUserStatus(userId: string): Sql<{ kyc_status: KycStatus }> {
    return sql<{ kyc_status: KycStatus }>`SELECT kyc_status FROM ${usersTable} WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`;
  },

  listCount(query: KycSubmissionQuery): Sql<{ total: string }> {
    return sql<{ total: string }>`SELECT count(*) AS total FROM kyc_submissions k ${listFilter(query)}`;
  },

  /** A page of the list, newest first. */
  listPage(query: KycSubmissionQuery): Sql<KycSubmissionListRow> {
    return sql<KycSubmissionListRow>`SELECT k.id, k.user_id, k.document_type, k.document_number, k.status, k.files, k.reviewed_by, k.reviewed_at, k.created_at,
              u.username, u.email
         FROM kyc_submissions k JOIN ${usersTable} u ON u.id = k.user_id
       ${listFilter(query)} ORDER BY k.created_at DESC, k.id LIMIT ${query.limit} OFFSET ${pageOffset(query)}`;
  },
};
