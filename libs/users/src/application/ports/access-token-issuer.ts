import type { UserInfo } from '@mirrorline/auth';

/** Signs access tokens the way the auth context does (HS256, 15 minutes, typ 'access'). */
export abstract class AccessTokenIssuer {
  /** `impersonatedBy`: the admin acting as this user (claim `imp`). */
  abstract issue(info: UserInfo, options?: { impersonatedBy?: string }): Promise<string>;
}
