import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Page, TransactionContext } from '@mirrorline/shared';
import type { KycStatus } from '@mirrorline/accounts';
import type { KycSubmission, SubmissionStatus } from '../domain/kyc';
import { DocumentStore } from '../application/ports/document-store';
import { KycSubmissionRepository, type KycSubmissionListItem, type KycSubmissionQuery } from '../application/ports/kyc-submission.repository';

/* In-memory fakes of the KYC context's ports, for unit specs. */

export class InMemoryDocumentStore extends DocumentStore {
  readonly files = new Map<string, Buffer>();
  async save(bytes: Buffer) {
    const key = String(this.files.size + 1).padStart(32, '0');
    this.files.set(key, bytes);
    return key;
  }
  readonly discarded: string[] = [];
  async adopt(tempPath: string) {
    return this.save(await readFile(tempPath));
  }
  async head(tempPath: string, bytes: number) {
    return (await readFile(tempPath)).subarray(0, bytes);
  }
  async discard(tempPath: string) {
    this.discarded.push(tempPath);
  }
  async open(key: string) {
    const bytes = this.files.get(key);
    return bytes ? Readable.from(bytes) : null;
  }
  async remove(key: string) {
    this.files.delete(key);
  }
}

export class InMemoryKycSubmissionRepository extends KycSubmissionRepository {
  readonly statuses = new Map<string, KycStatus>();
  readonly submissions: KycSubmission[] = [];
  async lockUserStatus(_tx: TransactionContext, userId: string) {
    return this.statuses.get(userId) ?? null;
  }
  async setUserStatus(_tx: TransactionContext, userId: string, status: KycStatus) {
    this.statuses.set(userId, status);
  }
  async insert(_tx: TransactionContext, s: Omit<KycSubmission, 'id' | 'createdAt' | 'reviewedBy' | 'reviewedAt'>) {
    const submission: KycSubmission = { ...s, id: `s${this.submissions.length + 1}`, createdAt: new Date(), reviewedBy: null, reviewedAt: null };
    this.submissions.push(submission);
    return submission;
  }
  async resolvePending(_tx: TransactionContext, userId: string, status: SubmissionStatus, reviewerId: string) {
    const pending = this.submissions.find((s) => s.userId === userId && s.status === 'Pending');
    if (!pending) return null;
    Object.assign(pending, { status, reviewedBy: reviewerId, reviewedAt: new Date() });
    return pending.id;
  }
  async redactForUser(_tx: TransactionContext, userId: string, redactedNumber: string) {
    const keys: string[] = [];
    for (const s of this.submissions.filter((x) => x.userId === userId)) {
      keys.push(...Object.values(s.files).map((f) => f!.key));
      Object.assign(s, { documentNumber: redactedNumber, files: {} });
    }
    return keys;
  }
  async findById(id: string) {
    return this.submissions.find((s) => s.id === id) ?? null;
  }
  async list(query: KycSubmissionQuery): Promise<Page<KycSubmissionListItem>> {
    const items = this.submissions.filter((s) => !query.status || s.status === query.status).map((s) => ({ ...s, username: '', email: '' }));
    return { items, total: items.length, page: query.page, limit: query.limit };
  }
}
