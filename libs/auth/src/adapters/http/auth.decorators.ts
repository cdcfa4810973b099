import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@mirrorline/users';
import type { AuthenticatedUser } from '../../domain/user-info';

export const IS_PUBLIC = 'mirrorline:isPublic';
export const REQUIRED_ROLES = 'mirrorline:roles';

/** Opens a route to anonymous callers. Every other route needs a valid access token (global guard). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The caller needs at least one of these roles; otherwise 403 code FORBIDDEN. */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

/** The authenticated caller, as read from the access token by AccessTokenGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  const request = ctx.switchToHttp().getRequest<{ user?: AuthenticatedUser }>();
  if (!request.user) throw new Error('CurrentUser used on a public route');
  return request.user;
});
