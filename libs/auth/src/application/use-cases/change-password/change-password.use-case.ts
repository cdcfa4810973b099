import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { assertPasswordPolicy } from '../../../domain/password-policy';
import { hashOpaqueToken } from '../../../domain/tokens';
import { judgeRefreshToken } from '../../../domain/refresh-token';
import { PasswordHasher } from '../../ports/password-hasher';
import { RefreshTokenStore } from '../../ports/refresh-token.store';
import { UserAccounts } from '@mirrorline/accounts';
import { SessionTokens } from '../../services/session-tokens';
import { ApiTokenStore } from '../../ports/api-token-store';
import { SecurityAlerts } from '../../services/security-alerts';
import { RevokeUserSessionsUseCase } from '../revoke-user-sessions/revoke-user-sessions.use-case';

export interface ChangePasswordCommand {
  userId: string;
  impersonatedBy?: string;
  currentPassword: string;
  newPassword: string;
  /** the caller's refresh cookie: its family survives, every other session ends */
  refreshToken?: string;
  /** the access token's session: kept when there is no refresh cookie (an API client) */
  sessionId?: string;
}

@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly store: RefreshTokenStore,
    private readonly revokeSessions: RevokeUserSessionsUseCase,
    private readonly sessions: SessionTokens,
    private readonly clock: Clock,
    private readonly apiTokens: ApiTokenStore,
    private readonly alerts: SecurityAlerts,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<{ message: string; accessToken: string }> {
    if (command.impersonatedBy) throw AuthErrors.notWhileImpersonating();
    assertPasswordPolicy(command.newPassword, 'newPassword');
    const account = await this.uow.run((tx) => this.accounts.findById(tx, command.userId));
    if (!account) throw AuthErrors.refreshRejected();
    if (!(await this.hasher.verify(account.passwordHash, command.currentPassword))) throw AuthErrors.wrongCurrentPassword();
    const passwordHash = await this.hasher.hash(command.newPassword);
    let keepFamilyId: string | undefined = command.sessionId;
    const tokensRevoked = await this.uow.run(async (tx) => {
      if (command.refreshToken) {
        const record = await this.store.findByHashForUpdate(tx, hashOpaqueToken(command.refreshToken));
        if (record && record.userId === account.id && judgeRefreshToken(record, this.clock.now()) === 'rotate') keepFamilyId = record.familyId;
      }
      await this.accounts.setPasswordHash(tx, account.id, passwordHash);
      await this.revokeSessions.execute({ userId: account.id, keepFamilyId }, tx);
      // A personal API token is a credential the old password let someone make: it ends with it (product.md §11.4).
      return this.apiTokens.revokeAllOfUser(tx, account.id, this.clock.now());
    });
    if (tokensRevoked) await this.alerts.raise(account.id, 'api_tokens_revoked', String(tokensRevoked));
    // The caller's own access token was just invalidated with the others: hand it a fresh one.
    return { message: 'Your password has been changed', accessToken: await this.sessions.accessToken(account, { sessionId: keepFamilyId }) };
  }
}
