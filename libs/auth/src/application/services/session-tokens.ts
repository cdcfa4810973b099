import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock, DomainError, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { hashOpaqueToken, newOpaqueToken } from '../../domain/tokens';
import { REFRESH_TOKEN_TTL_MS } from '../../domain/refresh-token';
import { type AccountRecord, UserAccounts } from '@mirrorline/accounts';
import { AccessTokenSigner } from '../ports/access-token-signer';
import { RefreshTokenStore } from '../ports/refresh-token.store';
import { UserInfoBuilder } from './user-info.builder';
import { AuthSessions, type DeviceInfo } from '../ports/auth-sessions';

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  expiresAt: Date;
}

/** Issues the two tokens of a session. */
@Injectable()
export class SessionTokens {
  constructor(
    private readonly signer: AccessTokenSigner,
    private readonly refreshTokens: RefreshTokenStore,
    private readonly userInfo: UserInfoBuilder,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    private readonly accounts: UserAccounts,
    private readonly authSessions: AuthSessions,
  ) {}

  /**
   * An access token for a user by id (e.g. admin impersonation: pass the admin's id). Use this
   * rather than signing elsewhere: its `iat` has the millisecond precision that revocation relies on.
   */
  async accessTokenForUser(userId: string, options: { impersonatedBy?: string; sessionId?: string } = {}): Promise<string> {
    const account = await this.uow.run((tx) => this.accounts.findById(tx, userId));
    if (!account) throw new DomainError('NOT_FOUND', 'User not found', 'not_found');
    return this.accessToken(account, { impersonatedBy: options.impersonatedBy, sessionId: options.sessionId });
  }

  /**
   * Wall-clock time on purpose (not the injectable Clock): the JWT library checks `exp` against
   * the real time, and revocation compares `iat` with users.tokens_valid_after set from the same source.
   */
  async accessToken(account: AccountRecord, options: { sessionId?: string; impersonatedBy?: string } = {}): Promise<string> {
    const info = await this.userInfo.build(account);
    const { sessionId, impersonatedBy } = options;
    return this.signer.sign(
      { UserInfo: info, sub: account.id, typ: 'access', ...(sessionId ? { sid: sessionId } : {}), ...(impersonatedBy ? { imp: impersonatedBy } : {}) },
      Date.now(),
    );
  }

  /** A new refresh token, in a new family (sign-in) or in the given one (rotation). */
  async refreshToken(tx: TransactionContext, userId: string, familyId: string = randomUUID(), device?: DeviceInfo): Promise<IssuedRefreshToken> {
    const now = this.clock.now();
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    await this.refreshTokens.insert(tx, { userId, familyId, tokenHash: hashOpaqueToken(token), expiresAt, createdAt: now });
    // The family is the session: listed in auth/sessions/, and read by the access guard on every call.
    await this.authSessions.touch(tx, { id: familyId, userId, at: now, device });
    return { token, familyId, expiresAt };
  }
}
