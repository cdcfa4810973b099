import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { otpFailure, VerifyOneTimeCodeUseCase } from '@mirrorline/otp';
import { normaliseEmail } from '../../../domain/email';
import { hashOpaqueToken, newOpaqueToken, RESET_TOKEN_TTL_MS } from '../../../domain/tokens';
import { PasswordResetTokens } from '../../ports/password-reset-tokens';
import { UserAccounts } from '@mirrorline/accounts';
import { CodeTryThrottle } from '../../services/code-try-throttle';

/** forgotpassword/verifyotp: trades a valid reset code for a single-use reset token (15 minutes). */
@Injectable()
export class VerifyPasswordResetCodeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly verifyCode: VerifyOneTimeCodeUseCase,
    private readonly resetTokens: PasswordResetTokens,
    private readonly clock: Clock,
    private readonly tries: CodeTryThrottle,
  ) {}

  async execute(command: { email: string; otp: string }): Promise<{ resetToken: string }> {
    const email = normaliseEmail(command.email);
    const now = this.clock.now();
    const result = await this.uow.run(async (tx) => {
      // Counted per email whether or not it has an account: unknown emails reach 429 like known ones.
      const refused = await this.tries.begin(tx, email, 'password_reset');
      if (refused) return { outcome: refused, resetToken: null };
      const account = await this.accounts.findByEmail(tx, email);
      const outcome = await this.verifyCode.execute(tx, { userId: account?.id ?? null, purpose: 'password_reset', code: command.otp });
      await this.tries.settle(tx, email, 'password_reset', outcome);
      if (outcome.kind !== 'verified' || !account) return { outcome, resetToken: null };
      const resetToken = newOpaqueToken();
      await this.resetTokens.insert(tx, { tokenHash: hashOpaqueToken(resetToken), userId: account.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now });
      return { outcome, resetToken };
    });
    if (result.outcome.kind !== 'verified' || !result.resetToken) throw otpFailure(result.outcome.kind === 'verified' ? { kind: 'missing' } : result.outcome);
    return { resetToken: result.resetToken };
  }
}
