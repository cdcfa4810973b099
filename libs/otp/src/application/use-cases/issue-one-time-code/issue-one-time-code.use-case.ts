import { Injectable } from '@nestjs/common';
import { Clock, type TransactionContext } from '@mirrorline/shared';
import { generateOtpCode, hashOtpCode, OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS, OTP_TTL_MS, type OtpPurpose } from '../../../domain/one-time-code';
import { OneTimeCodeRepository, OtpPepper } from '../../ports/one-time-code.repository';

export interface IssueOneTimeCodeCommand {
  userId: string;
  purpose: OtpPurpose;
}

/**
 * Creates a fresh code (the previous one of the same purpose stops working) and returns it in clear, once.
 * Returns null when this user already got OTP_SEND_LIMIT codes of this purpose within the window.
 */
@Injectable()
export class IssueOneTimeCodeUseCase {
  constructor(
    private readonly codes: OneTimeCodeRepository,
    private readonly pepper: OtpPepper,
    private readonly clock: Clock,
  ) {}

  async execute(tx: TransactionContext, command: IssueOneTimeCodeCommand): Promise<{ code: string; expiresAt: Date } | null> {
    // Lock first, then count: counted outside the lock, N parallel requests would all see the same
    // number of recent codes and together exceed OTP_SEND_LIMIT.
    await this.codes.lockIssuing(tx, command.userId, command.purpose);
    const now = this.clock.now();
    const recent = await this.codes.countIssuedSince(tx, command.userId, command.purpose, new Date(now.getTime() - OTP_SEND_WINDOW_MS));
    if (recent >= OTP_SEND_LIMIT) return null;
    const code = generateOtpCode();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
    await this.codes.replaceLive(tx, {
      userId: command.userId,
      purpose: command.purpose,
      codeHash: hashOtpCode(this.pepper.value, command.userId, command.purpose, code),
      expiresAt,
      createdAt: now,
    });
    return { code, expiresAt };
  }
}
