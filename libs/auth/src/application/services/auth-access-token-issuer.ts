import { Injectable } from '@nestjs/common';
import { SessionTokens } from './session-tokens';
import { AccessTokenIssuer } from '../ports/access-token-issuer';

/** Delegates to the auth context, whose tokens carry the iat precision its revocation check relies on. */
@Injectable()
export class AuthAccessTokenIssuer extends AccessTokenIssuer {
  constructor(private readonly sessions: SessionTokens) {
    super();
  }

  issueFor(userId: string, options: { impersonatedBy?: string; sessionId?: string } = {}): Promise<string> {
    return this.sessions.accessTokenForUser(userId, options);
  }
}
