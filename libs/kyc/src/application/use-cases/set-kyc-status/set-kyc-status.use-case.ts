import { Injectable, Optional } from '@nestjs/common';
import { Notifications } from '@mirrorline/notifications';
import { DomainError, type TransactionContext } from '@mirrorline/shared';
import type { KycStatus } from '@mirrorline/accounts';
import { submissionStatusFor } from '../../../domain/kyc';
import { KycSubmissionRepository } from '../../ports/kyc-submission.repository';

export interface SetKycStatusCommand {
  userId: string;
  status: KycStatus;
  reviewerId: string;
}

/**
 * The admin's KYC decision (any of the three states, seed §4): sets the user's status and closes
 * the waiting submission. Runs inside the caller's transaction, which also writes the audit entry.
 */
@Injectable()
export class SetKycStatusUseCase {
  constructor(
    private readonly submissions: KycSubmissionRepository,
    @Optional() private readonly notifications?: Notifications,
  ) {}

  async executeIn(tx: TransactionContext, command: SetKycStatusCommand): Promise<{ before: KycStatus; after: KycStatus; submissionId: string | null }> {
    const before = await this.submissions.lockUserStatus(tx, command.userId);
    if (before === null) throw new DomainError('USERS.NOT_FOUND', 'User not found', 'not_found');
    if (before === command.status) return { before, after: before, submissionId: null };
    await this.submissions.setUserStatus(tx, command.userId, command.status);
    const resolved = submissionStatusFor(command.status);
    const submissionId = resolved ? await this.submissions.resolvePending(tx, command.userId, resolved, command.reviewerId) : null;
    await this.notifications?.notify(tx, [
      {
        userId: command.userId,
        type: 'kyc_decided',
        title: command.status === 'Verified' ? 'Identity verified' : 'Identity verification updated',
        body: `Your identity verification is now ${command.status}.`,
        data: { KYC: command.status, before },
      },
    ]);
    return { before, after: command.status, submissionId };
  }
}
