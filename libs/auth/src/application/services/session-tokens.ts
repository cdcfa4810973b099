import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock, DomainError, UnitOfWork, type TransactionContext } from '@mirrorline/shared';
import { hashOpaqueToken, newOpaqueToken } from '../../domain/tokens';
import { REFRESH_TOKEN_TTL_MS } from '../../domain/refresh-token';
import { type AccountRecord, UserAccounts } from '../ports/user-accounts';
import { AccessTokenSigner } from '../ports/access-token-signer';
import { RefreshTokenStore } from '../ports/refresh-token.store';
import { UserInfoBuilder } from './user-info.builder';

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
  ) {}

  /**
   * An access token for a user by id (e.g. admin impersonation: pass the admin's id). Use this
   * rather than signing elsewhere: its `iat` has the millisecond precision that revocation relies on.
   */
  async accessTokenForUser(userId: string, options: { impersonatedBy?: string } = {}): Promise<string> {
    const account = await this.uow.run((tx) => this.accounts.findById(tx, userId));
    if (!account) throw new DomainError('NOT_FOUND', 'User not found', 'not_found');
    return this.accessToken(account, options.impersonatedBy);
  }

  /**
   * Wall-clock time on purpose (not the injectable Clock): the JWT library checks `exp` against
   * the real time, and revocation compares `iat` with users.tokens_valid_after set from the same source.
   */
  async accessToken(account: AccountRecord, impersonatedBy?: string): Promise<string> {
    const info = await this.userInfo.build(account);
    return this.signer.sign({ UserInfo: info, sub: account.id, typ: 'access', ...(impersonatedBy ? { imp: impersonatedBy } : {}) }, Date.now());
  }

  /** A new refresh token, in a new family (sign-in) or in the given one (rotation). */
  async refreshToken(tx: TransactionContext, userId: string, familyId: string = randomUUID()): Promise<IssuedRefreshToken> {
    const now = this.clock.now();
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    await this.refreshTokens.insert(tx, { userId, familyId, tokenHash: hashOpaqueToken(token), expiresAt, createdAt: now });
    return { token, familyId, expiresAt };
  }
}
