import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import type { AccessTokenClaims } from '../../domain/user-info';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/tokens';
import { AccessTokenSigner } from '../../application/ports/access-token-signer';

@Injectable()
export class JwtAccessTokenSigner extends AccessTokenSigner {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, issuedAtMs: number): string {
    // `iat` keeps milliseconds (RFC 7519 NumericDate may be fractional) so that a token issued right
    // after a revocation, within the same second, is told apart from one issued right before it.
    return this.jwt.sign(
      { ...claims, iat: issuedAtMs / 1000 },
      { secret: this.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    );
  }
}
