import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { RevokeUserSessionsUseCase } from '../use-cases/revoke-user-sessions/revoke-user-sessions.use-case';
import { SessionRevoker } from '../ports/session-revoker';

/** Revokes every refresh token and access token of the user through the auth context, in the caller's transaction. */
@Injectable()
export class AuthSessionRevoker extends SessionRevoker {
  constructor(private readonly revokeUserSessions: RevokeUserSessionsUseCase) {
    super();
  }

  revokeAll(tx: TransactionContext, userId: string): Promise<void> {
    return this.revokeUserSessions.execute({ userId }, tx);
  }
}
