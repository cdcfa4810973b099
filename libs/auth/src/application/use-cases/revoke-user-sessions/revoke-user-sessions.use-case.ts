import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { RefreshTokenStore } from '../../ports/refresh-token.store';
import { UserAccounts } from '@mirrorline/accounts';

export interface RevokeUserSessionsCommand {
  userId: string;
  /** Keep this refresh-token family alive (change password keeps the caller signed in). */
  keepFamilyId?: string;
}

/**
 * Ends the user's sessions: every refresh token (but the kept family) is revoked and every access
 * token issued so far stops working. Called on password reset/change and by the admin block action.
 */
@Injectable()
export class RevokeUserSessionsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly refreshTokens: RefreshTokenStore,
    private readonly accounts: UserAccounts,
    private readonly clock: Clock,
  ) {}

  /** Pass `tx` to revoke inside the caller's transaction. */
  async execute(command: RevokeUserSessionsCommand, tx?: TransactionContext): Promise<void> {
    if (!tx) return this.uow.run((inner) => this.execute(command, inner));
    await this.refreshTokens.revokeAllOfUser(tx, command.userId, this.clock.now(), command.keepFamilyId);
    // Wall clock, like the tokens' iat (see SessionTokens.accessToken).
    await this.accounts.invalidateTokensBefore(tx, command.userId, new Date());
  }
}
