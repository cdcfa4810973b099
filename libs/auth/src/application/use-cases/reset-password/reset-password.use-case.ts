import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { assertPasswordPolicy } from '../../../domain/password-policy';
import { hashOpaqueToken } from '../../../domain/tokens';
import { PasswordHasher } from '../../ports/password-hasher';
import { PasswordResetTokens } from '../../ports/password-reset-tokens';
import { UserAccounts } from '@mirrorline/accounts';
import { RevokeUserSessionsUseCase } from '../revoke-user-sessions/revoke-user-sessions.use-case';
import { ApiTokenStore } from '../../ports/api-token-store';
import { SecurityAlerts } from '../../services/security-alerts';

/** forgotpassword/reset: sets the new password, ends every session and revokes every personal API token of the user. */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly resetTokens: PasswordResetTokens,
    private readonly revokeSessions: RevokeUserSessionsUseCase,
    private readonly clock: Clock,
    private readonly apiTokens: ApiTokenStore,
    private readonly alerts: SecurityAlerts,
  ) {}

  async execute(command: { resetToken: string; password: string }): Promise<{ message: string }> {
    assertPasswordPolicy(command.password);
    const passwordHash = await this.hasher.hash(command.password);
    const reset = await this.uow.run(async (tx) => {
      const userId = await this.resetTokens.consume(tx, hashOpaqueToken(command.resetToken), this.clock.now());
      if (!userId) return null;
      await this.accounts.setPasswordHash(tx, userId, passwordHash);
      // The code reached the mailbox, which proves the address as well as a verification code would.
      await this.accounts.markEmailVerified(tx, userId);
      await this.revokeSessions.execute({ userId }, tx);
      // Account recovery: whoever held the account may have made tokens with it (product.md §11.4).
      return { userId, tokensRevoked: await this.apiTokens.revokeAllOfUser(tx, userId, this.clock.now()) };
    });
    if (!reset) throw AuthErrors.invalidResetToken();
    if (reset.tokensRevoked) await this.alerts.raise(reset.userId, 'api_tokens_revoked', String(reset.tokensRevoked));
    return { message: 'Your password has been reset. Please sign in.' };
  }
}
