import { Injectable } from '@nestjs/common';
import type { TransactionContext } from '@mirrorline/shared';
import { RevokeUserSessions } from '@mirrorline/auth';
import { SessionRevoker } from '../../application/ports/session-revoker';

/** Revokes every refresh token and access token of the user through the auth context, in the caller's transaction. */
@Injectable()
export class AuthSessionRevoker extends SessionRevoker {
  constructor(private readonly revokeUserSessions: RevokeUserSessions) {
    super();
  }

  revokeAll(tx: TransactionContext, userId: string): Promise<void> {
    return this.revokeUserSessions.execute({ userId }, tx);
  }
}
