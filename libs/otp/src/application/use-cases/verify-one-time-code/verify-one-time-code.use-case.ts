import { Injectable } from '@nestjs/common';
import { Clock, type TransactionContext } from '@mirrorline/shared';
import { attemptCode, hashOtpCode, OTP_FORMAT, type OtpPurpose, type VerifyOutcome } from '../../../domain/one-time-code';
import { OneTimeCodeRepository, OtpPepper } from '../../ports/one-time-code.repository';

export interface VerifyOneTimeCodeCommand {
  /** null for an unknown email: answered exactly like a wrong code */
  userId: string | null;
  purpose: OtpPurpose;
  code: string;
}

/**
 * One try at a code. Returns the outcome instead of throwing so that the caller's transaction
 * commits the counted attempt (a thrown error would roll the count back and allow endless guessing).
 * The live row is locked: of N parallel tries with the right code exactly one consumes it.
 */
@Injectable()
export class VerifyOneTimeCodeUseCase {
  constructor(
    private readonly codes: OneTimeCodeRepository,
    private readonly pepper: OtpPepper,
    private readonly clock: Clock,
  ) {}

  async execute(tx: TransactionContext, command: VerifyOneTimeCodeCommand): Promise<VerifyOutcome> {
    if (!command.userId) return { kind: 'missing' };
    const live = await this.codes.findLiveForUpdate(tx, command.userId, command.purpose);
    const candidate = OTP_FORMAT.test(command.code) ? command.code : '';
    const { outcome, next } = attemptCode(live, hashOtpCode(this.pepper.value, command.userId, command.purpose, candidate), this.clock.now());
    if (live && next) await this.codes.update(tx, live.id, next);
    return outcome;
  }
}
