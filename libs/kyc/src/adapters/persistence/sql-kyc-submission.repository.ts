import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, runSql, sql, type Page, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { KycStatus } from '@mirrorline/identity';
import type { DocumentType, KycSubmission, SubmissionStatus } from '../../domain/kyc';
import {
  KycSubmissionRepository,
  type KycSubmissionListItem,
  type KycSubmissionQuery,
} from '../../application/ports/kyc-submission.repository';
import { UserKycStatuses } from '../../application/ports/user-kyc-statuses';

interface Row {
  id: string;
  user_id: string;
  document_type: DocumentType;
  document_number: string;
  status: SubmissionStatus;
  files: KycSubmission['files'];
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  username?: string;
  email?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toSubmission = (row: Row): KycSubmission => ({
  id: row.id,
  userId: row.user_id,
  documentType: row.document_type,
  documentNumber: row.document_number,
  status: row.status,
  files: row.files,
  reviewedBy: row.reviewed_by,
  reviewedAt: row.reviewed_at ? new Date(row.reviewed_at) : null,
  createdAt: new Date(row.created_at),
});

/**
 * kyc_submissions plus users.kyc_status: the KYC context owns that column's transitions, reads it through
 * the users context's published `user_directory` and writes it through the UserKycStatuses port.
 */
@Injectable()
export class SqlKycSubmissionRepository extends KycSubmissionRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly statuses: UserKycStatuses,
  ) {
    super();
  }

  async lockUserStatus(tx: TransactionContext, userId: string): Promise<KycStatus | null> {
    if (!UUID.test(userId)) return null;
    const [row] = await emOf(tx).execute<Array<{ kyc_status: KycStatus }>>(
      'SELECT kyc_status FROM user_directory WHERE id = ? AND deleted_at IS NULL FOR UPDATE',
      [userId],
    );
    return row?.kyc_status ?? null;
  }

  async setUserStatus(tx: TransactionContext, userId: string, status: KycStatus): Promise<void> {
    await this.statuses.set(tx, userId, status);
  }

  async insert(tx: TransactionContext, s: Omit<KycSubmission, 'id' | 'createdAt' | 'reviewedBy' | 'reviewedAt'>): Promise<KycSubmission> {
    const [row] = await runSql(
      emOf(tx),
      sql<Row>`INSERT INTO kyc_submissions (user_id, document_type, document_number, status, files)
               VALUES (${s.userId}, ${s.documentType}, ${s.documentNumber}, ${s.status}, ${JSON.stringify(s.files)}::jsonb) RETURNING *`,
    );
    return toSubmission(row);
  }

  async resolvePending(tx: TransactionContext, userId: string, status: SubmissionStatus, reviewerId: string): Promise<string | null> {
    const [row] = await emOf(tx).execute<Array<{ id: string }>>(
      `UPDATE kyc_submissions SET status = ?, reviewed_by = ?, reviewed_at = now()
        WHERE user_id = ? AND status = 'Pending' RETURNING id`,
      [status, reviewerId, userId],
    );
    return row?.id ?? null;
  }

  async redactForUser(tx: TransactionContext, userId: string, redactedNumber: string): Promise<string[]> {
    // The CTE reads the file list before the UPDATE empties it (RETURNING would only show the new value).
    const rows = await emOf(tx).execute<Array<{ files: KycSubmission['files'] | string }>>(
      `WITH old AS (SELECT id, files FROM kyc_submissions WHERE user_id = ? FOR UPDATE)
       UPDATE kyc_submissions k SET document_number = ?, files = '{}'::jsonb FROM old WHERE k.id = old.id
       RETURNING old.files`,
      [userId, redactedNumber],
    );
    return rows.flatMap((row) => {
      const files = (typeof row.files === 'string' ? JSON.parse(row.files) : row.files) as KycSubmission['files'];
      return Object.values(files).flatMap((file) => (file?.key ? [file.key] : []));
    });
  }

  async findById(id: string): Promise<KycSubmission | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.em.fork().execute<Row[]>('SELECT * FROM kyc_submissions WHERE id = ?', [id]);
    return row ? toSubmission(row) : null;
  }

  async list(query: KycSubmissionQuery): Promise<Page<KycSubmissionListItem>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      where.push('k.status = ?');
      params.push(query.status);
    }
    if (query.userId) {
      where.push('k.user_id = ?');
      params.push(query.userId);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const em = this.em.fork();
    const [{ total }] = await em.execute<Array<{ total: string }>>(`SELECT count(*) AS total FROM kyc_submissions k ${clause}`, params);
    const rows = await em.execute<Row[]>(
      `SELECT k.*, u.username, u.email FROM kyc_submissions k JOIN user_directory u ON u.id = k.user_id
       ${clause} ORDER BY k.created_at DESC, k.id LIMIT ? OFFSET ?`,
      [...params, query.limit, pageOffset(query)],
    );
    return {
      items: rows.map((row) => ({ ...toSubmission(row), username: row.username ?? '', email: row.email ?? '' })),
      total: Number(total),
      page: query.page,
      limit: query.limit,
    };
  }
}
