import { Injectable } from '@nestjs/common';
import type { Page } from '@mirrorline/shared';
import { KycSubmissionRepository, type KycSubmissionListItem, type KycSubmissionQuery } from '../../ports/kyc-submission.repository';

@Injectable()
export class ListKycSubmissionsUseCase {
  constructor(private readonly submissions: KycSubmissionRepository) {}

  execute(query: KycSubmissionQuery): Promise<Page<KycSubmissionListItem>> {
    return this.submissions.list(query);
  }
}
