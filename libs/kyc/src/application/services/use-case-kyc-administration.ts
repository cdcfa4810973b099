import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { KycAdministration, type KycDecision } from '../ports/kyc-administration';
import { SetKycStatusUseCase } from '../use-cases/set-kyc-status/set-kyc-status.use-case';
import { RedactKycDataUseCase } from '../use-cases/redact-kyc-data/redact-kyc-data.use-case';

/** The KycAdministration port over KYC's own use cases. */
@Injectable()
export class UseCaseKycAdministration extends KycAdministration {
  constructor(
    private readonly setKycStatus: SetKycStatusUseCase,
    private readonly redactKycData: RedactKycDataUseCase,
  ) {
    super();
  }

  setStatus(tx: TransactionContext, decision: KycDecision) {
    return this.setKycStatus.executeIn(tx, decision);
  }

  redact(tx: TransactionContext, userId: string): Promise<string[]> {
    return this.redactKycData.executeIn(tx, userId);
  }

  removeDocuments(keys: string[]): Promise<void> {
    return this.redactKycData.removeDocuments(keys);
  }
}
