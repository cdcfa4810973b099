import type { AccessTokenClaims } from '../../domain/user-info';

/** Port: signs access tokens (JWT HS256). `issuedAtMs` is kept to the millisecond (see docs/auth.md, revocation). */
export abstract class AccessTokenSigner {
  abstract sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, issuedAtMs: number): string;
}
