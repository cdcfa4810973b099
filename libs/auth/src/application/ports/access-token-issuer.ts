/** Signs access tokens (the auth context's job: same claims, key, lifetime and revocation rules as sign-in). */
export abstract class AccessTokenIssuer {
  /** `impersonatedBy`: the admin acting as this user (claim `imp`). */
  abstract issueFor(userId: string, options?: { impersonatedBy?: string; sessionId?: string }): Promise<string>;
}
