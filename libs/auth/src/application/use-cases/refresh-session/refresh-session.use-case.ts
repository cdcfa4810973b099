import { Injectable } from '@nestjs/common';
import { Clock, UnitOfWork } from '@mirrorline/shared';
import { AuthErrors } from '../../../domain/auth-errors';
import { judgeRefreshToken } from '../../../domain/refresh-token';
import { hashOpaqueToken } from '../../../domain/tokens';
import { RefreshTokenStore } from '../../ports/refresh-token.store';
import { UserAccounts, type AccountRecord } from '@mirrorline/accounts';
import { SessionTokens, type IssuedRefreshToken } from '../../services/session-tokens';

/** GET refresh: rotates the refresh token and issues a new access token. */
@Injectable()
export class RefreshSessionUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: RefreshTokenStore,
    private readonly accounts: UserAccounts,
    private readonly sessions: SessionTokens,
    private readonly clock: Clock,
  ) {}

  async execute(command: { refreshToken: string | undefined }): Promise<{ accessToken: string; refresh: IssuedRefreshToken }> {
    if (!command.refreshToken) throw AuthErrors.noRefreshToken();
    const presented = command.refreshToken;
    const now = this.clock.now();
    // Revocations must commit, so failures are returned from the transaction and thrown after it.
    const result = await this.uow.run(async (tx): Promise<{ account: AccountRecord; refresh: IssuedRefreshToken } | null> => {
      const record = await this.store.findByHashForUpdate(tx, hashOpaqueToken(presented));
      const verdict = judgeRefreshToken(record, now);
      if (!record || verdict !== 'rotate') {
        if (record && verdict === 'reuse') await this.store.revokeFamily(tx, record.familyId, now);
        return null;
      }
      const account = await this.accounts.findById(tx, record.userId);
      if (!account || account.blocked) {
        await this.store.revokeFamily(tx, record.familyId, now);
        return null;
      }
      await this.store.markRotated(tx, record.id, now);
      return { account, refresh: await this.sessions.refreshToken(tx, account.id, record.familyId) };
    });
    if (!result) throw AuthErrors.refreshRejected();
    return { accessToken: await this.sessions.accessToken(result.account, { sessionId: result.refresh.familyId }), refresh: result.refresh };
  }
}
