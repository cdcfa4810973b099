import type { Role } from '@mirrorline/accounts';

/** What the guard learns about the token's user and session in one read. */
export interface ActiveUser {
  roles: Role[];
  /** 2FA is on (Admins without it may only enrol). */
  mfaEnabled: boolean;
  /** The token's session (refresh-token family) is live; false once it is revoked (logout, reuse, DELETE). */
  sessionLive: boolean;
  /** The token was issued before users.tokens_valid_after (password change/reset, block): refused as expired. */
  issuedBeforeRevocation: boolean;
}

export interface ApiTokenOwner {
  tokenId: string;
  userId: string;
  email: string;
  roles: Role[];
  scopes: string[];
}

/**
 * Port: is the token's user still allowed in, and with which roles right now?
 * Returns null when the user is blocked, deleted, or has revoked tokens issued before `issuedAt`.
 */
export abstract class ActiveUserCheck {
  /** One indexed read: the user by id, joined with its 2FA row and the session by primary key. */
  abstract activeUser(userId: string, issuedAtSeconds: number, sessionId: string | undefined): Promise<ActiveUser | null>;
  /** A live personal API token (by its sha256) of an active user, or null. Its last use is recorded. */
  abstract apiTokenOwner(tokenHash: string): Promise<ApiTokenOwner | null>;
  /** Of these token ids, those still live (not revoked) and whose owner is active: one read, nothing recorded. */
  abstract liveApiTokens(tokenIds: readonly string[]): Promise<Set<string>>;
}
