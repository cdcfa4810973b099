/**
 * Port: is the token's user still allowed in, and with which roles right now?
 * Returns null when the user is blocked, deleted, or has revoked tokens issued before `issuedAt`.
 */
export abstract class ActiveUserCheck {
  abstract rolesIfActive(userId: string, issuedAtSeconds: number): Promise<{ roles: import('@mirrorline/users').Role[] } | null>;
}
