import type { Role, UserInfo } from '@mirrorline/accounts';

export type { UserInfo } from '@mirrorline/accounts';

/** What a verified access token tells the server about the caller. */
export interface AuthenticatedUser {
  userId: string;
  email: string;
  roles: Role[];
  /** Set when an admin acts as this user (admin/impersonate): the admin's id. */
  impersonatedBy?: string;
  traderID: number | null;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId?: string;
  /** The access token's `iat` (seconds, with milliseconds): a long-lived stream re-checks it (LiveCredentials). */
  issuedAt?: number;
  /** Set when the caller authenticated with a personal API token (`ml_pat_…`). */
  apiToken?: { id: string; scopes: string[] };
}

export interface AccessTokenClaims {
  UserInfo: UserInfo;
  sub: string;
  typ: 'access';
  /** Present on impersonation tokens: the admin's user id. */
  imp?: string;
  /** The session (refresh-token family, auth_sessions.id): revoked sessions' tokens are refused at once. */
  sid?: string;
  iat?: number;
  exp?: number;
}
