import { Injectable } from '@nestjs/common';
import { ActiveUserCheck } from '../active-user-check';
import type { AuthenticatedUser } from '../../domain/user-info';

/**
 * Whether the credentials a long-lived request (an event stream) was opened with still hold, judged as the
 * access guard judges a new request: for an access token, its user active, its session live and the token not
 * issued before `users.tokens_valid_after` (logout, session revoke, password change or reset, block); for a
 * personal API token, the token not revoked and its owner active. The session and user reads come from the
 * guard's NOTIFY-invalidated cache; the API tokens are read in one query for the whole batch.
 */
@Injectable()
export class LiveCredentials {
  constructor(private readonly activeUsers: ActiveUserCheck) {}

  /** One answer per caller, in order. */
  async stillValid(callers: readonly AuthenticatedUser[]): Promise<boolean[]> {
    const tokenIds = callers.flatMap((caller) => (caller.apiToken ? [caller.apiToken.id] : []));
    const liveTokens = tokenIds.length ? await this.activeUsers.liveApiTokens(tokenIds) : new Set<string>();
    return Promise.all(
      callers.map(async (caller) => {
        if (caller.apiToken) return liveTokens.has(caller.apiToken.id);
        const active = await this.activeUsers.activeUser(caller.userId, caller.issuedAt ?? 0, caller.sessionId);
        return !!active && active.sessionLive && !active.issuedBeforeRevocation;
      }),
    );
  }
}
