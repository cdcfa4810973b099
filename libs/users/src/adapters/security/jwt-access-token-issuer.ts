import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '@mirrorline/shared';
import type { UserInfo } from '@mirrorline/auth';
import { AccessTokenIssuer } from '../../application/ports/access-token-issuer';

/**
 * Minimal issuer with the auth context's claim layout ({UserInfo, sub, typ:'access', imp}, HS256,
 * 15 minutes, JWT_ACCESS_SECRET), so AccessTokenGuard accepts what it signs.
 */
@Injectable()
export class JwtAccessTokenIssuer extends AccessTokenIssuer {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  issue(info: UserInfo, options: { impersonatedBy?: string } = {}): Promise<string> {
    return this.jwt.signAsync(
      { UserInfo: info, sub: info.userId, typ: 'access', ...(options.impersonatedBy ? { imp: options.impersonatedBy } : {}) },
      { secret: this.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 15 * 60 },
    );
  }
}
