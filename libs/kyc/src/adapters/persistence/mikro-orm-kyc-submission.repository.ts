import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type Page, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import type { KycSubmission, SubmissionStatus } from '../../domain/kyc';
import {
  KycSubmissionRepository,
  type KycSubmissionListItem,
  type KycSubmissionQuery,
} from '../../application/ports/kyc-submission.repository';
import { UserKycStatuses, type KycStatus } from '@mirrorline/accounts';
import { KycSubmissionEntity } from './kyc-submission.entity';
import { kycSubmissionMapper } from './kyc-submission.mapper';
import { kycSubmissionsQueries as q, type KycSubmissionListRow } from './kyc-submissions.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toSubmission = (row: KycSubmissionListRow): KycSubmission => ({
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
 * KYC submissions through MikroORM (entity KycSubmissionEntity, mapper to the domain submission; reads bypass
 * the identity map and writes are native, so each call sees and changes the rows themselves), plus
 * users.kyc_status: the KYC context owns that column's transitions, reads it through accounts' published
 * `usersTable` fragment and writes it through accounts' UserKycStatuses. The admin list joins `users` for
 * names and stays one set-based statement.
 */
@Injectable()
export class MikroOrmKycSubmissionRepository extends KycSubmissionRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly statuses: UserKycStatuses,
  ) {
    super();
  }

  private orm(tx: TransactionContext): EntityManager {
    return emOf(tx) as EntityManager;
  }

  async lockUserStatus(tx: TransactionContext, userId: string): Promise<KycStatus | null> {
    if (!UUID.test(userId)) return null;
    const [row] = await runSql(emOf(tx), q.lockUserStatus(userId));
    return row?.kyc_status ?? null;
  }

  async setUserStatus(tx: TransactionContext, userId: string, status: KycStatus): Promise<void> {
    await this.statuses.set(tx, userId, status);
  }

  async insert(tx: TransactionContext, s: Omit<KycSubmission, 'id' | 'createdAt' | 'reviewedBy' | 'reviewedAt'>): Promise<KycSubmission> {
    const em = this.orm(tx);
    const id = randomUUID();
    await em.insert(KycSubmissionEntity, {
      id,
      userId: s.userId,
      documentType: s.documentType,
      documentNumber: s.documentNumber,
      status: s.status,
      files: s.files,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: new Date(),
    });
    const entity = await em.findOneOrFail(KycSubmissionEntity, { id }, { disableIdentityMap: true });
    return kycSubmissionMapper.toDomain(entity);
  }

  async resolvePending(tx: TransactionContext, userId: string, status: SubmissionStatus, reviewerId: string): Promise<string | null> {
    const em = this.orm(tx);
    const pending = await em.findOne(KycSubmissionEntity, { userId, status: 'Pending' }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    if (!pending) return null;
    await em.nativeUpdate(KycSubmissionEntity, { id: pending.id }, { status, reviewedBy: reviewerId, reviewedAt: new Date() });
    return pending.id;
  }

  async redactForUser(tx: TransactionContext, userId: string, redactedNumber: string): Promise<string[]> {
    const em = this.orm(tx);
    // Read (and lock) the file lists before they are emptied: their storage keys go to the caller.
    const submissions = await em.find(KycSubmissionEntity, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    if (!submissions.length) return [];
    await em.nativeUpdate(KycSubmissionEntity, { userId }, { documentNumber: redactedNumber, files: {} });
    return submissions.flatMap((row) => Object.values(kycSubmissionMapper.files(row.files)).flatMap((file) => (file?.key ? [file.key] : [])));
  }

  async findById(id: string): Promise<KycSubmission | null> {
    if (!UUID.test(id)) return null;
    const entity = await this.em.fork().findOne(KycSubmissionEntity, { id }, { disableIdentityMap: true });
    return entity ? kycSubmissionMapper.toDomain(entity) : null;
  }

  async list(query: KycSubmissionQuery): Promise<Page<KycSubmissionListItem>> {
    const em = this.em.fork();
    const [{ total }] = await runSql(em, q.listCount(query));
    const rows = await runSql(em, q.listPage(query));
    return {
      items: rows.map((row) => ({ ...toSubmission(row), username: row.username, email: row.email })),
      total: Number(total),
      page: query.page,
      limit: query.limit,
    };
  }
}
