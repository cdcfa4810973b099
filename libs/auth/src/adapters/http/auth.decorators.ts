import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@mirrorline/accounts';
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

/**
 * On a @Public() route: the caller when a valid token came with the request, else null (AccessTokenGuard lets a
 * public route through without a caller, and with a bad or expired token as if none came).
 */
export const OptionalUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser | null => {
  return ctx.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user ?? null;
});

export const NO_API_TOKEN = 'mirrorline:noApiToken';
export const API_TOKEN_TRADE = 'mirrorline:apiTokenTrade';
export const MFA_ENROLMENT_EXEMPT = 'mirrorline:mfaEnrolmentExempt';

/**
 * Security settings and money leaving the platform: never with a personal API token, whatever its
 * scopes (403 TOKEN_SCOPE). Reads are refused too.
 */
export const NoApiToken = () => SetMetadata(NO_API_TOKEN, true);

/**
 * A write that a personal API token with the `trade` scope may do (follow, fund, pause and stop copies;
 * a Trader's trades). Every other write refuses API tokens (403 TOKEN_SCOPE): the default is closed.
 */
export const TradeScope = () => SetMetadata(API_TOKEN_TRADE, true);

/** Open to an Admin who has not enrolled in 2FA yet (auth/mfa/*, user/get/); everything else answers 403 MFA_ENROLMENT_REQUIRED. */
export const MfaEnrolmentExempt = () => SetMetadata(MFA_ENROLMENT_EXEMPT, true);
